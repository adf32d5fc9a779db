import { Toaster } from 'react-hot-toast';

// The library's defaults already are the toast model we want (how many show at once, how
// long each kind stays, above everything else); only the position and the width cap are set here.
// A screen with a bar fixed to the bottom (the product editor's) sets --app-toast-lift, so its
// toasts stack above the bar instead of over its buttons: a toast under the pointer also stops its
// own clock, and would stay there.
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      containerStyle={{ bottom: 'var(--app-toast-lift, 16px)' }}
      toastOptions={{ style: { maxWidth: 350 } }}
    />
  );
}
