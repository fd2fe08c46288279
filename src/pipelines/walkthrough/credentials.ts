/**
 * Where walkthrough jobs get a user's sign-in secrets. Job input never holds them (inputs are stored
 * and shown); the job asks this source with its id at run time. The lead wires it to the encrypted
 * store; until then nothing is available.
 */
export interface StoredCredentials {
  loginUrl: string;
  username: string;
  password: string;
  additionalLoginOrigins: string[];
}

export interface CredentialSource {
  read(jobOrStoryboardId: string): Promise<StoredCredentials | null>;
}

const NONE: CredentialSource = { read: async () => null };

let source: CredentialSource = NONE;

/** Replaces the process's source; null restores the default (no credentials). */
export function setCredentialSource(src: CredentialSource | null): void {
  source = src ?? NONE;
}

export const credentialSource = (): CredentialSource => source;
