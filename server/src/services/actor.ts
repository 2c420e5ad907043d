/** Who is calling: the verified claims of their access token. */
export interface Actor {
  id: string;
  email: string;
  roles: string[];
  signedInAt: Date | null;
}
