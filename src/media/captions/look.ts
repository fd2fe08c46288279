/**
 * How burned-in captions are drawn, in the compositor's own terms. Sizes are ratios so one look serves
 * every output size; colours are "#RRGGBB" or "#RRGGBBAA".
 */
export interface CaptionLook {
  fontFamily: string;
  /** 100–900, as in CSS. */
  fontWeight: number;
  /** Font size as a fraction of the frame's shorter side. */
  fontSizeRatio: number;
  textColor: string;
  /** Outline colour, or null for no outline. */
  strokeColor: string | null;
  /** Outline width as a fraction of the font size. */
  strokeWidthRatio: number;
  /** Colour of the box behind the text, or null for no box. */
  boxColor: string | null;
  /** Colour of the word being spoken, or null when words are not highlighted. */
  highlightColor: string | null;
  position: "top" | "center" | "bottom";
  /** Distance from the frame edge as a fraction of the frame height. */
  marginRatio: number;
  maxLines: number;
  uppercase: boolean;
}
