import { Toaster } from 'react-hot-toast';

// The library's defaults already are the spec's toast model (SPEC.md §9: 20 at once, 4000/2000 ms,
// z-index 9999); only the position and the width cap are set here.
export function AppToaster() {
  return <Toaster position="bottom-right" toastOptions={{ style: { maxWidth: 350 } }} />;
}
