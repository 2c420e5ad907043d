ALTER TABLE "idp_refresh_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_token_hash_key" ON "organization_invitations" USING btree ("token_hash");