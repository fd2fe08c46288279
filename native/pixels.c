// The layered compositor's per-frame pixel loops, in C (decision 0041). Each function is the exact
// counterpart of its TypeScript reference in src/media/compose/layered/yuva.ts and painter.ts: the same
// integer arithmetic (an arithmetic right shift, as JavaScript's >>), so both give the same bytes; the
// unit tests compare them on random sprites. Branch-free inner loops so the compiler vectorises them.
#include <node_api.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define CHECK(call)                                                                                     \
  do {                                                                                                  \
    if ((call) != napi_ok) return NULL;                                                                 \
  } while (0)

static inline int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t imax(int32_t a, int32_t b) { return a > b ? a : b; }

typedef struct {
  int32_t width, height;
  uint8_t *y, *u, *v;
} planes_t;

typedef struct {
  int32_t width, height;
  uint8_t *y, *u, *v;
  uint16_t *a, *ca;
  int32_t *spans, *solid, *csolid;
} sprite_t;

static napi_status typed(napi_env env, napi_value obj, const char *name, void **data, size_t *length) {
  napi_value value;
  napi_status s = napi_get_named_property(env, obj, name, &value);
  if (s != napi_ok) return s;
  napi_typedarray_type type;
  napi_value buffer;
  size_t offset;
  s = napi_get_typedarray_info(env, value, &type, length, data, &buffer, &offset);
  if (s != napi_ok) napi_throw_type_error(env, NULL, name);
  return s;
}

static napi_status int_prop(napi_env env, napi_value obj, const char *name, int32_t *out) {
  napi_value value;
  napi_status s = napi_get_named_property(env, obj, name, &value);
  return s == napi_ok ? napi_get_value_int32(env, value, out) : s;
}

static napi_status read_planes(napi_env env, napi_value obj, planes_t *p) {
  size_t n;
  napi_status s;
  if ((s = int_prop(env, obj, "width", &p->width)) != napi_ok) return s;
  if ((s = int_prop(env, obj, "height", &p->height)) != napi_ok) return s;
  if ((s = typed(env, obj, "y", (void **)&p->y, &n)) != napi_ok) return s;
  if (n < (size_t)p->width * p->height) return napi_invalid_arg;
  if ((s = typed(env, obj, "u", (void **)&p->u, &n)) != napi_ok) return s;
  if (n < (size_t)(p->width / 2) * (p->height / 2)) return napi_invalid_arg;
  if ((s = typed(env, obj, "v", (void **)&p->v, &n)) != napi_ok) return s;
  return n < (size_t)(p->width / 2) * (p->height / 2) ? napi_invalid_arg : napi_ok;
}

static napi_status read_sprite(napi_env env, napi_value obj, sprite_t *s) {
  size_t n;
  napi_status st;
  if ((st = int_prop(env, obj, "width", &s->width)) != napi_ok) return st;
  if ((st = int_prop(env, obj, "height", &s->height)) != napi_ok) return st;
  const size_t luma = (size_t)s->width * s->height;
  const size_t chroma = luma / 4;
  if ((st = typed(env, obj, "y", (void **)&s->y, &n)) != napi_ok || n < luma) return napi_invalid_arg;
  if ((st = typed(env, obj, "a", (void **)&s->a, &n)) != napi_ok || n < luma) return napi_invalid_arg;
  if ((st = typed(env, obj, "u", (void **)&s->u, &n)) != napi_ok || n < chroma) return napi_invalid_arg;
  if ((st = typed(env, obj, "v", (void **)&s->v, &n)) != napi_ok || n < chroma) return napi_invalid_arg;
  if ((st = typed(env, obj, "ca", (void **)&s->ca, &n)) != napi_ok || n < chroma) return napi_invalid_arg;
  if ((st = typed(env, obj, "spans", (void **)&s->spans, &n)) != napi_ok || n < (size_t)s->height * 2)
    return napi_invalid_arg;
  if ((st = typed(env, obj, "solid", (void **)&s->solid, &n)) != napi_ok || n < (size_t)s->height * 2)
    return napi_invalid_arg;
  if ((st = typed(env, obj, "csolid", (void **)&s->csolid, &n)) != napi_ok || n < (size_t)s->height)
    return napi_invalid_arg;
  return napi_ok;
}

static void *fail(napi_env env, const char *message) {
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (!pending) napi_throw_type_error(env, NULL, message);
  return NULL;
}

// dst[i] += ((src[i] - dst[i]) * ((alpha[i] * op) >> 8)) >> 8 over [from, to), skipping nothing: an alpha of
// 0 leaves the byte as it was, so no branch is needed.
static inline void blend_run(uint8_t *dst, const uint8_t *src, const uint16_t *alpha, int32_t op, int32_t n) {
  for (int32_t i = 0; i < n; i++) {
    const int32_t al = ((int32_t)alpha[i] * op) >> 8;
    const int32_t d = dst[i];
    dst[i] = (uint8_t)(d + ((((int32_t)src[i] - d) * al) >> 8));
  }
}

static inline void blend_uv_run(uint8_t *du, uint8_t *dv, const uint8_t *su, const uint8_t *sv,
                                const uint16_t *alpha, int32_t op, int32_t n) {
  for (int32_t i = 0; i < n; i++) {
    const int32_t al = ((int32_t)alpha[i] * op) >> 8;
    const int32_t u = du[i];
    const int32_t v = dv[i];
    du[i] = (uint8_t)(u + ((((int32_t)su[i] - u) * al) >> 8));
    dv[i] = (uint8_t)(v + ((((int32_t)sv[i] - v) * al) >> 8));
  }
}

// blendYuva(dst, sprite, x0, y0, opacity): see yuva.ts.
static napi_value blend_yuva(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  planes_t d;
  sprite_t s;
  int32_t x0, y0;
  double opacity;
  if (argc < 5 || read_planes(env, argv[0], &d) != napi_ok) return fail(env, "blendYuva: bad planes");
  if (read_sprite(env, argv[1], &s) != napi_ok) return fail(env, "blendYuva: bad sprite");
  CHECK(napi_get_value_int32(env, argv[2], &x0));
  CHECK(napi_get_value_int32(env, argv[3], &y0));
  CHECK(napi_get_value_double(env, argv[4], &opacity));
  if (!(opacity > 0)) return NULL;
  // Math.min(256, Math.round(opacity)): halves go up.
  const int32_t op = opacity >= 256 ? 256 : (int32_t)floor(opacity + 0.5);

  const int32_t dw = d.width;
  const int32_t ys = imax(0, y0);
  const int32_t ye = imin(d.height, y0 + s.height);
  for (int32_t row = ys; row < ye; row++) {
    const int32_t sr = row - y0;
    const int32_t xs = imax(x0 + s.spans[sr * 2], 0);
    const int32_t xe = imin(x0 + s.spans[sr * 2 + 1], dw);
    if (xe <= xs) continue;
    const int64_t so = (int64_t)sr * s.width - x0;
    uint8_t *drow = d.y + (int64_t)row * dw;
    if (op == 256) {
      const int32_t cs = imin(imax(x0 + s.solid[sr * 2], xs), xe);
      const int32_t ce = imax(imin(x0 + s.solid[sr * 2 + 1], xe), cs);
      blend_run(drow + xs, s.y + so + xs, s.a + so + xs, op, cs - xs);
      memcpy(drow + cs, s.y + so + cs, (size_t)(ce - cs));
      blend_run(drow + ce, s.y + so + ce, s.a + so + ce, op, xe - ce);
    } else {
      blend_run(drow + xs, s.y + so + xs, s.a + so + xs, op, xe - xs);
    }
  }
  const int32_t cw = s.width / 2;
  const int32_t dcw = dw / 2;
  const int32_t cx0 = x0 >> 1;
  const int32_t cy0 = y0 >> 1;
  const int32_t cys = imax(0, cy0);
  const int32_t cye = imin(d.height / 2, cy0 + s.height / 2);
  for (int32_t cy = cys; cy < cye; cy++) {
    const int32_t sr = cy - cy0;
    // The chroma row covers two luma rows: the wider of their spans.
    const int32_t first = imin(s.spans[sr * 4], s.spans[sr * 4 + 2]) >> 1;
    const int32_t end = (imax(s.spans[sr * 4 + 1], s.spans[sr * 4 + 3]) + 1) >> 1;
    const int32_t xs = imax(cx0 + first, 0);
    const int32_t xe = imin(cx0 + end, dcw);
    if (xe <= xs) continue;
    const int64_t so = (int64_t)sr * cw - cx0;
    const int64_t at = (int64_t)cy * dcw;
    if (op == 256) {
      const int32_t cs = imin(imax(cx0 + s.csolid[sr * 2], xs), xe);
      const int32_t ce = imax(imin(cx0 + s.csolid[sr * 2 + 1], xe), cs);
      blend_uv_run(d.u + at + xs, d.v + at + xs, s.u + so + xs, s.v + so + xs, s.ca + so + xs, op, cs - xs);
      memcpy(d.u + at + cs, s.u + so + cs, (size_t)(ce - cs));
      memcpy(d.v + at + cs, s.v + so + cs, (size_t)(ce - cs));
      blend_uv_run(d.u + at + ce, d.v + at + ce, s.u + so + ce, s.v + so + ce, s.ca + so + ce, op, xe - ce);
    } else {
      blend_uv_run(d.u + at + xs, d.v + at + xs, s.u + so + xs, s.v + so + xs, s.ca + so + xs, op, xe - xs);
    }
  }
  return NULL;
}

// drawInWindow(dst, sprite, x, y, opacity, winX, winY, winW, winH, src, fromRow): see painter.ts.
static napi_value draw_in_window(napi_env env, napi_callback_info info) {
  size_t argc = 11;
  napi_value argv[11];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  planes_t d, src;
  sprite_t s;
  int32_t n[8];
  if (argc < 11 || read_planes(env, argv[0], &d) != napi_ok) return fail(env, "drawInWindow: bad planes");
  if (read_sprite(env, argv[1], &s) != napi_ok) return fail(env, "drawInWindow: bad sprite");
  for (int i = 0; i < 7; i++) CHECK(napi_get_value_int32(env, argv[2 + i], &n[i]));
  if (read_planes(env, argv[9], &src) != napi_ok) return fail(env, "drawInWindow: bad picture");
  CHECK(napi_get_value_int32(env, argv[10], &n[7]));
  const int32_t x = n[0], y = n[1], op = imin(256, n[2]), wx = n[3], wy = n[4], ww = n[5], wh = n[6];
  const int32_t from = n[7];
  // Columns of the window inside both the frame and the sprite (the JS loop skips the others).
  const int32_t c0 = imax(0, -(x + wx));
  const int32_t c1 = imin(ww, d.width - (x + wx));
  if (wx < 0 || wy < 0 || wx + ww > s.width || wy + wh > s.height || ww > src.width) return NULL;
  for (int32_t r = 0; r < wh && c1 > c0; r++) {
    const int32_t dy = y + wy + r;
    const int32_t sy = from + r;
    if (dy < 0 || dy >= d.height || sy < 0 || sy >= src.height) continue;
    blend_run(d.y + (int64_t)dy * d.width + x + wx + c0, src.y + (int64_t)sy * src.width + c0,
              s.a + (int64_t)(wy + r) * s.width + wx + c0, op, c1 - c0);
  }
  const int32_t dcw = d.width / 2;
  const int32_t scw = src.width / 2;
  const int32_t sw = s.width / 2;
  const int32_t bx = (x + wx) / 2;
  const int32_t cc0 = imax(0, -bx);
  const int32_t cc1 = imin(ww / 2 + (ww & 1), dcw - bx);
  for (int32_t r = 0; r * 2 < wh && cc1 > cc0; r++) {
    const int32_t dy = (y + wy) / 2 + r;
    const int32_t sy = from / 2 + r;
    if (dy < 0 || dy >= d.height / 2 || sy < 0 || sy >= src.height / 2) continue;
    const int64_t di = (int64_t)dy * dcw + bx + cc0;
    const int64_t si = (int64_t)sy * scw + cc0;
    blend_uv_run(d.u + di, d.v + di, src.u + si, src.v + si, s.ca + (int64_t)((wy >> 1) + r) * sw + (wx >> 1) + cc0,
                 op, cc1 - cc0);
  }
  return NULL;
}

// mixPlanes(dst, from, to, t): dst = from + ((to − from) · t >> 8), every byte; see yuva.ts.
static napi_value mix_planes(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  uint8_t *out, *a, *b;
  size_t n, na, nb;
  double t;
  if (argc < 4 || typed(env, argv[0], "data", (void **)&out, &n) != napi_ok ||
      typed(env, argv[1], "data", (void **)&a, &na) != napi_ok ||
      typed(env, argv[2], "data", (void **)&b, &nb) != napi_ok || na < n || nb < n)
    return fail(env, "mixPlanes: bad planes");
  CHECK(napi_get_value_double(env, argv[3], &t));
  const double r = floor(t + 0.5);
  const int32_t k = r >= 256 ? 256 : r <= 0 ? 0 : (int32_t)r;
  for (size_t i = 0; i < n; i++) {
    const int32_t av = a[i];
    out[i] = (uint8_t)(av + ((((int32_t)b[i] - av) * k) >> 8));
  }
  return NULL;
}


static napi_status typed_at(napi_env env, napi_value value, void **data, size_t *length) {
  napi_typedarray_type type;
  napi_value buffer;
  size_t offset;
  return napi_get_typedarray_info(env, value, &type, length, data, &buffer, &offset);
}

static inline int32_t to256(int32_t alpha) { return alpha + (alpha >> 7); }
// Math.round for the non-negative values the colour matrix gives.
static inline int32_t round_half_up(double v) { return (int32_t)floor(v + 0.5); }

// Each row's longest run of alpha 256, as [start, end) pairs ([0, 0) when none): see solidRuns in yuva.ts.
static void solid_runs(const uint16_t *alpha, int32_t width, int32_t rows, int32_t *runs) {
  for (int32_t r = 0; r < rows; r++) {
    int32_t best_start = 0, best_length = 0, start = -1;
    const uint16_t *row = alpha + (int64_t)r * width;
    for (int32_t x = 0; x <= width; x++) {
      const int opaque = x < width && row[x] == 256;
      if (opaque && start < 0) start = x;
      else if (!opaque && start >= 0) {
        if (x - start > best_length) {
          best_length = x - start;
          best_start = start;
        }
        start = -1;
      }
    }
    runs[r * 2] = best_start;
    runs[r * 2 + 1] = best_start + best_length;
  }
}

// fillYuva(rgba, width, height, sprite): the sprite's planes (allocated, zeroed, even-sized by the caller)
// from straight RGBA; see yuvaFromRgba in yuva.ts for the rules this follows exactly.
static napi_value fill_yuva(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  uint8_t *rgba;
  size_t n;
  int32_t width, height;
  sprite_t s;
  if (argc < 4 || typed_at(env, argv[0], (void **)&rgba, &n) != napi_ok) return fail(env, "fillYuva: bad pixels");
  CHECK(napi_get_value_int32(env, argv[1], &width));
  CHECK(napi_get_value_int32(env, argv[2], &height));
  if (width < 0 || height < 0 || n < (size_t)width * height * 4) return fail(env, "fillYuva: short pixels");
  if (read_sprite(env, argv[3], &s) != napi_ok || s.width != width + (width & 1) || s.height != height + (height & 1))
    return fail(env, "fillYuva: bad sprite");
  const int32_t w = s.width, h = s.height;
  for (int32_t row = 0; row < h; row++) {
    s.spans[row * 2] = w;
    s.spans[row * 2 + 1] = 0;
  }
  for (int32_t row = 0; row < height; row++) {
    int32_t first = -1, last = -1;
    const uint8_t *px = rgba + (int64_t)row * width * 4;
    for (int32_t x = 0; x < width; x++) {
      const int32_t al = px[x * 4 + 3];
      if (al == 0) continue;
      const double r = px[x * 4], g = px[x * 4 + 1], b = px[x * 4 + 2];
      s.y[(int64_t)row * w + x] = (uint8_t)round_half_up(16 + 0.1826 * r + 0.6142 * g + 0.062 * b);
      s.a[(int64_t)row * w + x] = (uint16_t)to256(al);
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) {
      s.spans[row * 2] = first;
      s.spans[row * 2 + 1] = last + 1;
    }
  }
  const int32_t cw = w / 2;
  for (int32_t cy = 0; cy < h / 2; cy++) {
    for (int32_t cx = 0; cx < cw; cx++) {
      double r = 0, g = 0, b = 0;
      int32_t sum = 0;
      for (int k = 0; k < 4; k++) {
        const int32_t sx = 2 * cx + (k & 1), sy = 2 * cy + (k >> 1);
        if (sx >= width || sy >= height) continue;
        const uint8_t *p = rgba + ((int64_t)sy * width + sx) * 4;
        const int32_t al = p[3];
        r += (double)(p[0] * al);
        g += (double)(p[1] * al);
        b += (double)(p[2] * al);
        sum += al;
      }
      if (sum == 0) continue;
      r /= sum;
      g /= sum;
      b /= sum;
      const int64_t i = (int64_t)cy * cw + cx;
      s.u[i] = (uint8_t)round_half_up(128 - 0.1006 * r - 0.3386 * g + 0.4392 * b);
      s.v[i] = (uint8_t)round_half_up(128 + 0.4392 * r - 0.3989 * g - 0.0403 * b);
      s.ca[i] = (uint16_t)to256(round_half_up(sum / 4.0));
    }
  }
  solid_runs(s.a, w, h, s.solid);
  solid_runs(s.ca, cw, h / 2, s.csolid);
  return NULL;
}

// cutSheet(rgba, W, H, boxes, regions, outs, rest, restBox): each visible pixel of the sheet to the nearest
// box whose region holds it (ties: the first listed), else to `rest`; see cutSprites in decode.ts.
static napi_value cut_sheet(napi_env env, napi_callback_info info) {
  size_t argc = 8;
  napi_value argv[8];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  uint8_t *data, *rest;
  int32_t *boxes, *regions, *rest_box;
  size_t n, nb, nr, nrest, nrb;
  int32_t W, H;
  uint32_t count;
  if (argc < 8 || typed_at(env, argv[0], (void **)&data, &n) != napi_ok) return fail(env, "cutSheet: bad sheet");
  CHECK(napi_get_value_int32(env, argv[1], &W));
  CHECK(napi_get_value_int32(env, argv[2], &H));
  if (typed_at(env, argv[3], (void **)&boxes, &nb) != napi_ok ||
      typed_at(env, argv[4], (void **)&regions, &nr) != napi_ok ||
      napi_get_array_length(env, argv[5], &count) != napi_ok ||
      typed_at(env, argv[6], (void **)&rest, &nrest) != napi_ok ||
      typed_at(env, argv[7], (void **)&rest_box, &nrb) != napi_ok)
    return fail(env, "cutSheet: bad arguments");
  if (W < 0 || H < 0 || n < (size_t)W * H * 4 || nrest < (size_t)W * H * 4 || nb < count * 4 || nr < count * 4 ||
      nrb < 4 || count > 4096)
    return fail(env, "cutSheet: sizes disagree");
  uint8_t *outs[4096];
  for (uint32_t i = 0; i < count; i++) {
    napi_value v;
    size_t len;
    CHECK(napi_get_element(env, argv[5], i, &v));
    if (typed_at(env, v, (void **)&outs[i], &len) != napi_ok) return fail(env, "cutSheet: bad output");
    const int32_t *r = regions + i * 4;
    if (r[0] < 0 || r[1] < 0 || r[2] > W || r[3] > H || len < (size_t)imax(0, r[2] - r[0]) * imax(0, r[3] - r[1]) * 4)
      return fail(env, "cutSheet: a region's output is short");
  }
  for (int32_t y = 0; y < H; y++) {
    for (int32_t x = 0; x < W; x++) {
      const int64_t at = ((int64_t)y * W + x) * 4;
      if (data[at + 3] == 0) continue;
      int32_t owner = -1;
      int64_t best = INT64_MAX;
      for (uint32_t i = 0; i < count; i++) {
        const int32_t *r = regions + i * 4;
        if (x < r[0] || x >= r[2] || y < r[1] || y >= r[3]) continue;
        const int32_t *b = boxes + i * 4;
        const int64_t dx = imax(imax(b[0] - x, 0), x - (b[0] + b[2] - 1));
        const int64_t dy = imax(imax(b[1] - y, 0), y - (b[1] + b[3] - 1));
        const int64_t d = dx * dx + dy * dy;
        if (d < best) {
          best = d;
          owner = (int32_t)i;
        }
      }
      uint8_t *to;
      if (owner >= 0) {
        const int32_t *r = regions + owner * 4;
        to = outs[owner] + (((int64_t)(y - r[1]) * (r[2] - r[0])) + (x - r[0])) * 4;
      } else {
        to = rest + at;
        rest_box[0] = imin(rest_box[0], x);
        rest_box[1] = imin(rest_box[1], y);
        rest_box[2] = imax(rest_box[2], x + 1);
        rest_box[3] = imax(rest_box[3], y + 1);
      }
      memcpy(to, data + at, 4);
    }
  }
  return NULL;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
      {"blendYuva", NULL, blend_yuva, NULL, NULL, NULL, napi_default, NULL},
      {"drawInWindow", NULL, draw_in_window, NULL, NULL, NULL, napi_default, NULL},
      {"mixPlanes", NULL, mix_planes, NULL, NULL, NULL, napi_default, NULL},
      {"fillYuva", NULL, fill_yuva, NULL, NULL, NULL, napi_default, NULL},
      {"cutSheet", NULL, cut_sheet, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
