import { Toaster } from 'react-hot-toast';

// The library's defaults already are the spec's toast model (SPEC.md §9: how many show at once, how
// long each kind stays, above everything else); only the position and the width cap are set here.
export function AppToaster() {
  return <Toaster position="bottom-right" toastOptions={{ style: { maxWidth: 350 } }} />;
}
