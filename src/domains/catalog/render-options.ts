import type {
  AvatarOption,
  BackgroundOption,
  CaptionStyleOption,
  CaptureOption,
  OrientationOption,
} from "./schemas.js";

/**
 * The fixed render options. Ids are stable API values; self-hosters may add entries. Languages are not
 * here: they are derived from the voices installed on the machine (see catalog.ts).
 */

export const ORIENTATIONS: readonly OrientationOption[] = [
  { id: "landscape", name: "Landscape", width: 1920, height: 1080, aspectRatio: "16:9", isDefault: true },
  { id: "portrait", name: "Portrait", width: 1080, height: 1920, aspectRatio: "9:16", isDefault: false },
  { id: "square", name: "Square", width: 1080, height: 1080, aspectRatio: "1:1", isDefault: false },
];

export const CAPTURES: readonly CaptureOption[] = [
  {
    id: "desktop",
    name: "Desktop browser",
    description: "The site as seen in a laptop browser window; fits every orientation (inset or cropped to the frame).",
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    mobile: false,
    orientations: ["landscape", "portrait", "square"],
    isDefault: true,
  },
  {
    id: "phone",
    name: "Phone",
    description:
      "The site as seen on a touch phone held upright. A tall screen cannot fill a landscape frame, so landscape is refused.",
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    mobile: true,
    orientations: ["portrait", "square"],
    isDefault: false,
  },
];

/**
 * Presenters need a talking-head engine that an offline self-hosted install does not have, so they are
 * listed as unavailable rather than hidden: a request naming one gets the spec's avatar_unavailable
 * (switched off here) instead of avatar_unknown (never existed). A deployment that adds an engine flips
 * `available`.
 */
export const AVATARS: readonly AvatarOption[] = [
  {
    id: "none",
    name: "No presenter",
    description: "Narration over the capture only.",
    available: true,
    isDefault: true,
  },
  {
    id: "presenter",
    name: "Presenter",
    description: "A presenter in a picture-in-picture corner. Switched off: this deployment has no presenter engine.",
    available: false,
    isDefault: false,
  },
];

/**
 * The default is a gradient, not `none`: a capture rarely has the frame's aspect ratio (a 16:10 desktop
 * in a 16:9 frame, a phone in a portrait one), and `none` fits it on black bars. Inset over a backdrop
 * the frame is filled, and the margin gives captions a place off the page.
 */
export const BACKGROUNDS: readonly BackgroundOption[] = [
  { id: "none", name: "None", kind: "none", colors: [], angleDegrees: null, isDefault: false },
  { id: "white", name: "White", kind: "solid", colors: ["#FFFFFF"], angleDegrees: null, isDefault: false },
  { id: "light-gray", name: "Light grey", kind: "solid", colors: ["#F3F4F6"], angleDegrees: null, isDefault: false },
  { id: "charcoal", name: "Charcoal", kind: "solid", colors: ["#111827"], angleDegrees: null, isDefault: false },
  {
    id: "midnight",
    name: "Midnight gradient",
    kind: "gradient",
    colors: ["#0F172A", "#312E81"],
    angleDegrees: 135,
    isDefault: true,
  },
  {
    id: "ocean",
    name: "Ocean gradient",
    kind: "gradient",
    colors: ["#0EA5E9", "#6366F1"],
    angleDegrees: 135,
    isDefault: false,
  },
  {
    id: "sunset",
    name: "Sunset gradient",
    kind: "gradient",
    colors: ["#F97316", "#DB2777"],
    angleDegrees: 135,
    isDefault: false,
  },
];

// DejaVu Sans ships with Debian (fonts-dejavu-core), so burned-in captions render offline.
const FONT = "DejaVu Sans";

export const CAPTION_STYLES: readonly CaptionStyleOption[] = [
  {
    id: "none",
    name: "No burned-in captions",
    description: "The picture carries no text; the WebVTT caption file is still delivered.",
    burnedIn: false,
    look: null,
    isDefault: false,
  },
  {
    id: "classic",
    name: "Classic",
    description: "White sentence-case text on a translucent dark box near the bottom, like broadcast subtitles.",
    burnedIn: true,
    look: {
      fontFamily: FONT,
      fontWeight: 600,
      fontSizeRatio: 0.045,
      textColor: "#FFFFFF",
      strokeColor: null,
      strokeWidthRatio: 0,
      boxColor: "#000000B3",
      highlightColor: null,
      position: "bottom",
      marginRatio: 0.06,
      maxLines: 2,
      uppercase: false,
    },
    isDefault: true,
  },
  {
    id: "bold",
    name: "Bold",
    description: "Large heavy capitals with a dark outline in the middle of the frame, for social feeds watched muted.",
    burnedIn: true,
    look: {
      fontFamily: FONT,
      fontWeight: 800,
      fontSizeRatio: 0.065,
      textColor: "#FFFFFF",
      strokeColor: "#000000",
      strokeWidthRatio: 0.08,
      boxColor: null,
      highlightColor: null,
      position: "center",
      marginRatio: 0.1,
      maxLines: 2,
      uppercase: true,
    },
    isDefault: false,
  },
  {
    id: "karaoke",
    name: "Karaoke highlight",
    description: "Each word lights up as it is spoken, timed from the narration.",
    burnedIn: true,
    look: {
      fontFamily: FONT,
      fontWeight: 700,
      fontSizeRatio: 0.05,
      textColor: "#FFFFFF",
      strokeColor: null,
      strokeWidthRatio: 0,
      boxColor: "#00000099",
      highlightColor: "#FACC15",
      position: "bottom",
      marginRatio: 0.08,
      maxLines: 2,
      uppercase: false,
    },
    isDefault: false,
  },
];
