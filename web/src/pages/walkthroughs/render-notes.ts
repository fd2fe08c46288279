/** The length note of a render just made (lengthFit.note), for its page to say once it opens. */
export const renderNotes = new Map<string, string>();
