-- Issue 27: a member's role may also be 'viewer' (text, checked by the service: docs/permissions.md), and
-- the expert right (approves Python script modules) is kept per membership.
ALTER TABLE "organization_members" ADD COLUMN "expert" boolean DEFAULT false NOT NULL;
