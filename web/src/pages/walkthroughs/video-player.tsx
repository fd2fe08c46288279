import { fileAddress } from "../../api/files";
import type { Job } from "./jobs";

/**
 * The finished video with its poster and captions (the WebVTT file the render delivers, as a track the
 * player's own menu switches). Every address is a signed file of this origin.
 */
export function VideoPlayer({ job, title }: { job: Job; title: string }) {
  const find = (type: string) => job.result?.artifacts.find((a) => a.type === type && a.url)?.url ?? null;
  const video = find("video");
  const poster = find("poster");
  const captions = find("captions");
  if (!video) return null;
  return (
    <figure className="player">
      {/* biome-ignore lint/a11y/useMediaCaption: the track is there whenever the render delivered captions. */}
      <video
        controls
        preload="metadata"
        playsInline
        src={fileAddress(video)}
        poster={poster ? fileAddress(poster) : undefined}
        aria-label={title}
      >
        {captions ? <track kind="captions" src={fileAddress(captions)} srcLang="en" label="Captions" /> : null}
      </video>
      <figcaption className="muted small">
        {captions
          ? "A captions file comes with the video: turn it on from the player's menu when the captions are not drawn into the picture."
          : "This video has no captions file."}
      </figcaption>
    </figure>
  );
}
