/** Length bounds of a password (the hashing itself: password-hasher.ts). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
