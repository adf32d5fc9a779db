/**
 * The user-facing texts in one place, so the server's validation errors and the web app's
 * toasts can never drift apart. Keys name the situation, values are the words shown.
 */

import { TRASH_RETENTION_DAYS } from './constants';

export const VALIDATION = {
  loginRequired: 'Please enter email and password',
  createUserRequired: 'Name, Email and Password are required',
  profileRequired: 'Name and Email are required',
  /** Shown under a money or quantity input when a minus sign is typed or pasted. */
  noNegative: 'Must be 0 or more: a minus sign is not accepted',
  passwordFieldsRequired: 'Please fill all password fields',
  newPasswordTooShort: 'New password must be at least 6 characters',
  newPasswordsMismatch: 'New passwords do not match',
  // Our wording for rules the texts above imply.
  passwordTooShort: 'Password must be at least 6 characters',
  invalidEmail: 'Enter a valid email address',
  invalidRole: 'Role must be the key of an existing role',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  oneLine: (field: string) =>
    `${field} must be one line of text, without line breaks, tabs or control characters`,
  textBlock: (field: string) => `${field} may hold line breaks, but no tabs or other control characters`,
  bidiControl: (field: string) =>
    `${field} must not hold characters that change the direction text reads in (U+202A–U+202E, U+2066–U+2069)`,
  nameRequired: 'Name is required',
  updateUserEmpty: 'Send a role, a name or both',
  imageType: 'Image must be JPG/PNG/WEBP',
  imageSize: 'Max size 5MB',
  logoType: 'Logo must be JPG/PNG/WEBP',
  logoSize: 'Logo max size is 5 MB',
  invalidSlug: 'Slug may contain only letters, numbers and dashes',
  sortOrderNumber: 'Sort order must be a whole number',
} as const;

export const TOAST = {
  loggedIn: 'Logged in!',
  forgotPassword: 'Forgot password? (to be implemented)',
  userCreated: 'User created',
  userDeleted: 'User deleted',
  profileUpdated: 'Profile updated',
  passwordUpdated: 'Password updated',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
  brandCreated: 'Brand created',
  brandUpdated: 'Brand updated',
  brandDeleted: 'Brand deleted',
  signedOutEverywhere: 'Signed out on every device',
} as const;

export const FALLBACK = {
  loadTranslations: 'Failed to load translations',
  saveTranslations: 'Failed to save translations',
  login: 'Login failed',
  loadUsers: 'Failed to load users',
  fetchUser: 'Failed to fetch user',
  deleteUser: 'Failed to delete user',
  createUser: 'Failed to create user',
  loadProfile: 'Failed to load profile',
  updateProfile: 'Failed to update profile',
  updatePassword: 'Failed to update password',
  loadCategories: 'Failed to load categories',
  fetchCategory: 'Failed to fetch category',
  createCategory: 'Failed to create category',
  updateCategory: 'Failed to update category',
  deleteCategory: 'Failed to delete category',
  moveUp: 'Failed to move up',
  moveDown: 'Failed to move down',
  loadBrands: 'Failed to load brands',
  fetchBrand: 'Failed to fetch brand',
  createBrand: 'Failed to create brand',
  updateBrand: 'Failed to update brand',
  deleteBrand: 'Failed to delete brand',
  signOutEverywhere: 'Failed to sign out everywhere',
} as const;

/**
 * What a delete does, in the words every confirmation uses: what goes to the trash can be
 * restored there until it is purged; anything else is gone at once.
 */
const DELETE_OUTCOME = {
  trashed: `moved to the trash for ${TRASH_RETENTION_DAYS} days`,
  forGood: 'deleted for good',
} as const;

const restorable = (subject: string, verb = 'is') =>
  `${subject} ${verb} ${DELETE_OUTCOME.trashed}, where it can be restored.`;

export const CONFIRM = {
  signOutEverywhere:
    'Sign out of Stockroom on every device and browser, this one included? You will need to sign in again.',
  deleteUser: (name: string) => `Delete user "${name}"? The account is ${DELETE_OUTCOME.forGood}.`,
  // The dialog warns about the children; the image stays with the category in the trash.
  deleteCategory: (name: string) =>
    `Delete category "${name}"? ${restorable('It')} Its child categories will have parent_id set to NULL and become top-level categories.`,
  // Products referencing the brand get brand_id set to null.
  deleteBrand: (name: string) =>
    `Delete brand "${name}"? ${restorable('It')} Products referencing this brand will have brand_id set to null.`,
  deleteDiscount: (title: string) =>
    `Delete discount "${title}"? ${restorable('It')} Prices that use it change at once.`,
  deleteProduct: restorable('The product'),
  deleteProducts: `The products, with their sections and images, are ${DELETE_OUTCOME.trashed}, where they can be restored.`,
  deleteImage: `The image is removed from the gallery and the shop and ${DELETE_OUTCOME.forGood}.`,
  deleteInquiry: restorable('The inquiry, with its quotes, notes and history,'),
  deleteQuoteDraft: `The draft is ${DELETE_OUTCOME.forGood}.`,
  purge: (name: string) => `Delete "${name}" for good? It cannot be restored.`,
  emptyTrash: (items: string) => `Delete all ${items} in the trash for good? They cannot be restored.`,
} as const;

/** The question before unsaved edits are thrown away (a form dialog closing, a page left). */
export const UNSAVED = {
  title: 'Discard unsaved changes?',
  message: 'Your changes have not been saved. Discarding them cannot be undone.',
  keep: 'Keep editing',
  discard: 'Discard',
};

/** The server's own error texts, sent as `error` (README "API"). */
export const API_ERROR = {
  invalidCredentials: 'Invalid email or password',
  unauthenticated: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again',
  forbiddenAdminOnly: 'Only admins can manage staff accounts',
  notFound: 'Not found',
  userNotFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  currentPasswordWrong: 'Current password is incorrect',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeleteLastAdmin: 'The last admin cannot be deleted',
  tooManyLogins: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyPasswordAttempts: (minutes: number) =>
    `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  invalidJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  payloadTooLarge: 'The request is too large',
  internal: 'Something went wrong on our side. Please try again',
  // The database cannot be reached (restarting, down, overloaded): a 503 the client may retry.
  databaseUnavailable: 'The database is not available right now. Please try again in a moment',
  invalidRequest: 'Invalid request',
  unknownField: (field: string) => `Unknown field: ${field}`,
  categoryNotFound: 'Category not found',
  parentNotFound: 'Parent category not found',
  categoryCycle: 'A category cannot be moved under itself or one of its descendants',
  categoryFirst: 'This category is already the first in its parent',
  categoryLast: 'This category is already the last in its parent',
  brandNotFound: 'Brand not found',
  slugTaken: 'This slug is already in use',
  tooManyFiles: 'Too many files in one request',
  notMultipart: 'Expected a multipart form upload',
  nulCharacter: 'Text must not contain NUL characters',
  urlTooLong: 'The address is too long',
  invalidUrl: 'The address is not valid',
  malformedMultipart: 'The form upload is incomplete or malformed',
} as const;

export const LOGIN_TEXT = {
  title: 'Admin Login',
  subtitle: 'Sign in to manage products, categories, and inquiries.',
  hint: 'Use your admin/editor credentials provided by the system administrator.',
} as const;

export const SESSION_TEXT = {
  corruptUserData: 'Failed to parse stored userData, clearing it.',
} as const;

/** "1 product", "1,200 products": a count of things as the screens write it. */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;

/** The copy button beside a secret or a link. */
export const COPY_TEXT = { copy: 'Copy', copied: 'Copied' } as const;
