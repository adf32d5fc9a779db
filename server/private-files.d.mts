export const PRIVATE_DIR_MODE: number;
export const PRIVATE_FILE_MODE: number;
export function makePrivate(dir: string): void;
