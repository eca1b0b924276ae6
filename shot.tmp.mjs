import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 1400, height: 1000 } });
await p.goto('file:///tmp/svgs/index.html');
await p.screenshot({ path: process.argv[2], fullPage: true });
await b.close();
