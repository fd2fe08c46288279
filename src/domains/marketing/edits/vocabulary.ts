/**
 * Every word the rules read, and the everyday words around them: all are "known", so a typo is corrected
 * towards one of them and a known word is never "corrected" into another ("into" is not "intro", "slow"
 * is not "show", "mode" is not "move"). Kept in one sorted list so a rule's new word is added here too.
 */
export const KNOWN_WORDS: readonly string[] = `
known corrected into intro slow show mode move about above accent across action actually add after again
against ahead all almost alone along already also alter altogether always among another any anything anyway
apple apply are around aspect audio avatar away back background backward backwards bad because becomes been
before begin beginning behind being below best better between big bigger bit blue body boost boring both
bottom brand briefer bright brighten brighter bring burn but button buttons call calm calmer came can cannot
caption captions cat category cats change changes chill chiller clip close closing code colour colours come
comic compact completely concise condense confetti convert cool copy corner could cover crop ctrl current
dance dancing dark darken darker day decrease deep deepen deeper default delete delivery dial did different
directly disable display ditch does dog doing done double down drag drop duration durations during each
earlier easy edit edits effects either else enable enabled end energetic energy enlarge enough entirely even
ever every everyone everything exact exactly exchange exciting exclude expand explosions export extend face
family fancy faqs fast faster feature features feel female few final find fine finish first flip following
font fonts footage for format forms forward free french from front funny gender generated gentler get gets
getting give given goes going gone good got great grow had half halve handwriting handwritten happier happy
has have having heading headings headline headlines hello help her here hidden hide high higher highlight
highlights him his homepage hook hooks how hurry hype idea immediately include increase instead intense into
invert invisible its itself jump just keep kick kill kind know label laid landscape language large larger last
later latest layout lead least leave left length lengthen less let lifted light lighten lighter like limit
line little livelier lively logo long longer longest look looks lose lot lots loud louder lower made main make
male many match maximum may maybe mean mellower might mind mine minimum minutes mode modify mono monospace
mood moods more most move much music must mute my name named names narrate narration need needed never new
next nice nicer none normal not nothing now number numbers off offered often okay old omit once one only onto
open opening order orientation orientations original other others our out over overall own pace pacing page
paint pale palette paragraphs part parts penultimate people peppier perhaps pick place places play playback
please point pop portrait position positions possible preceding present pretty previous pricing primary prior
problem problems project prominent proof punchier push qr quicken quieter quite quote quoted quotes rainbow
raise rather ratio read readd reading reads real really reduce reformat refuse regular reinstate relative
relaxed relocate remove rename render reorder replace replaced reset resize restore reveal reverse revert
revision revisions reword rewrite right roll rollback rotate round runtime rushed same sans say says scale
scaled scene scenes scrap script second secondary seconds see seem seems sentence serif set she shift short
shorten shorter shortest should show showing shown shrink side silence silent since site size skip slip slot
slow slower small smaller softer some somehow something song sort sound source speaking speed speeds spin spot
square standard start step steps still stock stop story style styles such sure swap swapping swift switch swop
take talking taylor tell template tempo test text than thank that the their them theme then there these they
thing things think this those though through tighten tighter time times tinier titles today together told too
top tops total toward track trade trash trim try tune turn type undelete under undo unhide unit unnecessary
until upbeat update upon use used using version very vibe video viral visible voice voices volume want wanted
wants was way ways website weird well were what when where which while who whole why will wish with within
without word wording words work would wrap write writing yeah year yes yet you your yours
`
  .trim()
  .split(/\s+/);
