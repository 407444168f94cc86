-- A workspace's wide keywords (30 a project instead of 5): an entitlement the operator grants a
-- customer, kept with the workspace; it was the KEYWORDS_WIDE_WORKSPACES variable (decision 069).
ALTER TABLE "workspaces" ADD COLUMN "wide_keywords" boolean DEFAULT false NOT NULL;
