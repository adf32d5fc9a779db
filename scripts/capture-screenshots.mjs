// Captures the README's screenshots from the demo catalogue in a real Chromium:
// `node scripts/capture-screenshots.mjs` writes docs/screenshots/*.png (desktop width).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3450;
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, '.tmp', 'screenshot-demo');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn('npx', ['tsx', 'server/cli/demo.ts'], {
  cwd: root,
  env: { ...process.env, DEMO_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('demo server did not start');
}

try {
  await waitForServer();
  const accounts = JSON.parse(readFileSync(path.join(dataDir, 'demo-accounts.json'), 'utf8'));
  const login = await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(accounts.admin),
    })
  ).json();
  const products = await (
    await fetch(`${base}/api/products?limit=1`, { headers: { authorization: `Bearer ${login.token}` } })
  ).json();
  const slug = products.data[0].slug;

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/login`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('user_token', token);
      localStorage.setItem(
        'userData',
        JSON.stringify({ id: user.id, username: user.name, email: user.email, role: user.role }),
      );
    },
    [login.token, login.user],
  );
  const shots = [
    ['dashboard', '/'],
    ['products', '/products'],
    ['product-editor', `/product/${slug}`],
    ['product-preview', `/product/${slug}/preview`],
    ['categories', '/categories'],
    ['discounts', '/discounts'],
    ['inquiries', '/inquiries'],
  ];
  for (const [name, url] of shots) {
    await page.goto(`${base}${url}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
  }
  await browser.close();
} finally {
  server.kill('SIGINT');
}
