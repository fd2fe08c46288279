/**
 * A link that signs in or out (by its text, or its URL's path read as words). The planner never visits
 * one while exploring (signing in is its own step), and hint suggestions never offer one as a place.
 */
export const AUTH_LINK = /\b(sign ?in|log ?in|login|sign ?out|log ?out|logout|account)\b/i;
