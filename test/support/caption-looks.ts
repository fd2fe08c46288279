import { BACKGROUNDS, CAPTION_STYLES, CAPTURES } from "../../src/domains/catalog/render-options.js";
import { frameStyleOf } from "../../src/domains/renders/render-options.js";

/** A catalogue caption style's look, mapped to the compositor's terms as a render maps it. */
export const catalogueLook = (id: string) => {
  const captionStyle = CAPTION_STYLES.find((x) => x.id === id);
  const background = BACKGROUNDS[0];
  const capture = CAPTURES[0];
  const mapped =
    captionStyle && background && capture ? frameStyleOf({ background, captionStyle, capture }).captions : null;
  if (!mapped) throw new Error(id);
  return mapped;
};
