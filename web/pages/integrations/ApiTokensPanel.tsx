/** The API tokens tab: the list, create (secret shown once) and revoke. */
export function ApiTokensPanel() {
  return null;
}
