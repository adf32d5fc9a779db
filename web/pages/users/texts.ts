export const USERS_CAPTION = 'Manage staff accounts and their roles.';
