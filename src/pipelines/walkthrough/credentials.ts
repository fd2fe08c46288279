/**
 * Demo credentials as a walkthrough run uses them. Job input never holds them (inputs are stored and
 * shown): the run asks the port with the id that owns them (its own, or its storyboard's).
 */
export interface StoredCredentials {
  loginUrl: string;
  username: string;
  password: string;
  additionalLoginOrigins: string[];
}

/** Where a run opens sealed demo credentials; the storyboards domain implements it over its store. */
export interface CredentialsPort {
  /** The live credentials of a storyboard or render (opening them counts as a use); null when none are. */
  use(ownerId: string): Promise<StoredCredentials | null>;
}
