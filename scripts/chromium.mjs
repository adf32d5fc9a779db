// How every browser here is started (the browser tests, the screenshots, the first-card timing):
// Debian's Chromium, since browser downloads are not possible on our machines,
// and without the background requests a closed network would refuse.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
