// Written by `npm run official-schemas` from @gitbook/api's spec/openapi.json; do not edit by hand.
// Every type of the official Event union, in its order.
export const OFFICIAL_EVENT_TYPES = [
  "installation_setup",
  "installation_deleted",
  "space_installation_setup",
  "space_installation_deleted",
  "site_installation_setup",
  "site_installation_deleted",
  "site_view",
  "space_content_updated",
  "space_gitsync_completed",
  "space_gitsync_started",
  "space_visibility_updated",
  "task",
  "fetch",
  "fetch_published_script",
  "fetch_visitor_authentication",
  "ui_render",
  "content_compute_document",
  "content_compute_revision",
  "page_feedback",
] as const;
