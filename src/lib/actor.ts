// The signed-in person a use case acts for, as the API's session middleware resolves it.

/** A signed-in user. */
export interface UserActor {
  userId: string;
}

/** A signed-in user and the company they act for (null before they pick one). */
export interface CompanyUserActor extends UserActor {
  activeCompanyId: string | null;
}

/** A signed-in user with their session (for changes that end or keep the current session). */
export interface SessionUserActor extends CompanyUserActor {
  sessionId: string;
}
