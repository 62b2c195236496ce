// Service-provider companies for the main-site search (/api/company/getCompany). Fictional, with inline SVG logos.
import type { Seeder } from './seeder.ts';

interface CompanySeed {
  name: string;
  subject: string;
  initials: string;
  colour: string;
  url: string;
  registered_address: string;
  location: string;
  email: string;
}

const COMPANIES: readonly CompanySeed[] = [
  {
    name: 'Tickwise Markets Limited', subject: 'Leveraged FX, metals and index CFDs', initials: 'TW', colour: '#1f6feb',
    url: 'https://www.example.com/tickwise', registered_address: '18 Harbour Road, Wan Chai, Hong Kong',
    location: 'Hong Kong', email: 'service@tickwise.example.com',
  },
  {
    name: 'Harbour Line Brokerage Ltd', subject: 'Forex and precious metals brokerage', initials: 'HL', colour: '#0f9d58',
    url: 'https://www.example.com/harbourline', registered_address: '1 Raffles Place, Singapore 048616',
    location: 'Singapore', email: 'support@harbourline.example.com',
  },
  {
    name: 'Northwind Capital Pte', subject: 'Crypto and energy derivatives', initials: 'NC', colour: '#e8710a',
    url: 'https://www.example.com/northwind', registered_address: '25 Canada Square, London E14 5LQ',
    location: 'United Kingdom', email: 'hello@northwind.example.com',
  },
  {
    name: 'Blue Lantern Securities', subject: 'Index and commodity trading services', initials: 'BL', colour: '#7b1fa2',
    url: 'https://www.example.com/bluelantern', registered_address: '2-7-1 Marunouchi, Chiyoda-ku, Tokyo',
    location: 'Japan', email: 'desk@bluelantern.example.com',
  },
  {
    name: 'Meridian Trade Services', subject: 'Multi-asset online trading', initials: 'MT', colour: '#c62828',
    url: 'https://www.example.com/meridian', registered_address: 'Level 20, 1 Bligh Street, Sydney NSW 2000',
    location: 'Australia', email: 'clients@meridian.example.com',
  },
];

/** A small round logo with the company's initials, as a data: URL (no file to serve). */
export function initialsLogo(initials: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<text x="32" y="41" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const companiesSeeder: Seeder = {
  name: 'companies',
  async run(q) {
    for (const c of COMPANIES) {
      await q.query(
        `INSERT INTO companies (name, subject, logo, url, registered_address, location, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING`,
        [c.name, c.subject, initialsLogo(c.initials, c.colour), c.url, c.registered_address, c.location, c.email],
      );
    }
  },
};
