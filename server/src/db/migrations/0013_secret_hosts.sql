-- Issue 27: a secret names the hosts whose pages it may be typed into; empty: the suite's tests' sites.
ALTER TABLE "shared_parameters" ADD COLUMN "allowed_hosts" jsonb DEFAULT '[]'::jsonb NOT NULL;
