export const USERS_CAPTION = 'Manage admin and editor accounts.';
