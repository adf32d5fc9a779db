import toast from 'react-hot-toast';

/** A form's own check turned the input down: one toast per text, however often Save is pressed. */
export function refuse(message: string): void {
  toast.error(message, { id: message });
}
