import userEvent from '@testing-library/user-event';

/**
 * Types text into a field as one paste: the same change events as typing, without a render per
 * key, so a form test stays quick on a busy machine.
 */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
