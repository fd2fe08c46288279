/**
 * libx264 settings. Measured on 600 composed 1080p frames (2 cores): superfast 6.0 CPU-s, SSIM 0.99922;
 * ultrafast with CABAC, deblocking and 2 B-frames back on 3.9 CPU-s, SSIM 0.99932, files ~1.8× larger
 * (≈ 2.5 Mbit/s for a screen walkthrough). The encoder is most of a render's CPU, so the cheaper one wins.
 * In the whole render benchmark, dropping the B-frames took ffmpeg from 22 to 19 CPU-s and the 60 s render
 * from 28.7 to 24.3 s wall (docs/benchmarks.md, render); CABAC and deblocking stay for quality.
 */
export const PRESET = "ultrafast";
export const X264_PARAMS = "cabac=1:no-deblock=0:bframes=0";
