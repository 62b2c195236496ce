// Service-provider companies for the main-site search (/api/company/getCompany): 30 fictional firms, so words such as
// "capital", "markets" or "securities" match several. Inline SVG logos. New names are added on restart (by name).
import { insertMissing, type Seeder } from './seeder.ts';

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
  {
    name: 'Aurora Prime Markets', subject: 'Forex, metals and energy CFDs', initials: 'AP', colour: '#00897b',
    url: 'https://www.example.com/auroraprime', registered_address: 'Bahnhofstrasse 45, 8001 Zürich',
    location: 'Switzerland', email: 'service@auroraprime.example.com',
  },
  {
    name: 'Silverline Capital Partners', subject: 'Institutional liquidity and FX execution', initials: 'SC', colour: '#546e7a',
    url: 'https://www.example.com/silverline', registered_address: '2 Finsbury Avenue, London EC2M 2PP',
    location: 'United Kingdom', email: 'desk@silverline.example.com',
  },
  {
    name: 'Kestrel Capital Group', subject: 'Index CFDs and equity derivatives', initials: 'KC', colour: '#6d4c41',
    url: 'https://www.example.com/kestrel', registered_address: 'Mainzer Landstraße 16, 60325 Frankfurt',
    location: 'Germany', email: 'clients@kestrel.example.com',
  },
  {
    name: 'Orchid Bay Securities', subject: 'Asian index and commodity trading', initials: 'OB', colour: '#ad1457',
    url: 'https://www.example.com/orchidbay', registered_address: '88 Queensway, Admiralty, Hong Kong',
    location: 'Hong Kong', email: 'support@orchidbay.example.com',
  },
  {
    name: 'Pacific Crest Brokers', subject: 'Forex and precious metals for retail clients', initials: 'PC', colour: '#0277bd',
    url: 'https://www.example.com/pacificcrest', registered_address: 'Level 35, 1 Queen Street, Auckland 1010',
    location: 'New Zealand', email: 'help@pacificcrest.example.com',
  },
  {
    name: 'Lionheart Trading Limited', subject: 'Multi-asset CFD brokerage', initials: 'LT', colour: '#ef6c00',
    url: 'https://www.example.com/lionheart', registered_address: '1 Marina Boulevard, Singapore 018989',
    location: 'Singapore', email: 'service@lionheart.example.com',
  },
  {
    name: 'Granite Peak Markets', subject: 'Metals, energy and agricultural futures', initials: 'GP', colour: '#455a64',
    url: 'https://www.example.com/granitepeak', registered_address: '200 West Jackson Boulevard, Chicago IL 60606',
    location: 'United States', email: 'info@granitepeak.example.com',
  },
  {
    name: 'Sakura Forex Services', subject: 'Retail FX and index trading', initials: 'SF', colour: '#d81b60',
    url: 'https://www.example.com/sakura', registered_address: '1-1-2 Otemachi, Chiyoda-ku, Tokyo',
    location: 'Japan', email: 'support@sakurafx.example.com',
  },
  {
    name: 'Han River Securities', subject: 'Korean and global index derivatives', initials: 'HR', colour: '#3949ab',
    url: 'https://www.example.com/hanriver', registered_address: '23 Yeouido-dong, Yeongdeungpo-gu, Seoul',
    location: 'South Korea', email: 'clients@hanriver.example.com',
  },
  {
    name: 'Emerald Isle Capital', subject: 'Forex and crypto CFDs', initials: 'EI', colour: '#2e7d32',
    url: 'https://www.example.com/emeraldisle', registered_address: 'Three Park Place, Hatch Street, Dublin 2',
    location: 'Ireland', email: 'hello@emeraldisle.example.com',
  },
  {
    name: 'Atlas Global Markets', subject: 'Global index, FX and commodity CFDs', initials: 'AG', colour: '#5e35b1',
    url: 'https://www.example.com/atlasglobal', registered_address: 'Dubai International Financial Centre, Gate Village 3, Dubai',
    location: 'United Arab Emirates', email: 'service@atlasglobal.example.com',
  },
  {
    name: 'Riverstone Brokerage', subject: 'Online forex brokerage', initials: 'RB', colour: '#00838f',
    url: 'https://www.example.com/riverstone', registered_address: 'Paseo de la Castellana 81, 28046 Madrid',
    location: 'Spain', email: 'atencion@riverstone.example.com',
  },
  {
    name: 'Golden Gate Trade Services', subject: 'Precious metals and energy trading', initials: 'GG', colour: '#f9a825',
    url: 'https://www.example.com/goldengate', registered_address: 'One Market Street, San Francisco CA 94105',
    location: 'United States', email: 'clients@goldengate.example.com',
  },
  {
    name: 'Maple Leaf Markets', subject: 'Forex and index CFDs', initials: 'ML', colour: '#c62828',
    url: 'https://www.example.com/mapleleaf', registered_address: '100 King Street West, Toronto ON M5X 1A9',
    location: 'Canada', email: 'support@mapleleaf.example.com',
  },
  {
    name: 'Saigon Pearl Securities', subject: 'Vietnamese and regional index trading', initials: 'SP', colour: '#00695c',
    url: 'https://www.example.com/saigonpearl', registered_address: '72 Le Thanh Ton, District 1, Ho Chi Minh City',
    location: 'Vietnam', email: 'hotro@saigonpearl.example.com',
  },
  {
    name: 'Chao Phraya Capital', subject: 'Forex, gold and index CFDs', initials: 'CP', colour: '#8e24aa',
    url: 'https://www.example.com/chaophraya', registered_address: '87 Wireless Road, Lumphini, Bangkok 10330',
    location: 'Thailand', email: 'service@chaophraya.example.com',
  },
  {
    name: 'Bosphorus Trade Limited', subject: 'FX, metals and energy derivatives', initials: 'BT', colour: '#1565c0',
    url: 'https://www.example.com/bosphorus', registered_address: 'Büyükdere Caddesi 185, Levent, Istanbul',
    location: 'Türkiye', email: 'destek@bosphorus.example.com',
  },
  {
    name: 'Lumière Capital Markets', subject: 'Index and equity CFDs', initials: 'LC', colour: '#283593',
    url: 'https://www.example.com/lumiere', registered_address: '33 Avenue de l\'Opéra, 75002 Paris',
    location: 'France', email: 'contact@lumiere.example.com',
  },
  {
    name: 'Vltava Brokers', subject: 'Forex and commodity brokerage', initials: 'VB', colour: '#4527a0',
    url: 'https://www.example.com/vltava', registered_address: 'Na Příkopě 15, 110 00 Prague',
    location: 'Czechia', email: 'podpora@vltava.example.com',
  },
  {
    name: 'Copacabana Markets', subject: 'Forex and index CFDs for Latin America', initials: 'CM', colour: '#f57f17',
    url: 'https://www.example.com/copacabana', registered_address: 'Avenida Paulista 1000, São Paulo SP',
    location: 'Brazil', email: 'atendimento@copacabana.example.com',
  },
  {
    name: 'Nusantara Prima Trading', subject: 'Forex, gold and commodity trading', initials: 'NP', colour: '#2e7d32',
    url: 'https://www.example.com/nusantara', registered_address: 'Jalan Jenderal Sudirman Kav. 52, Jakarta 12190',
    location: 'Indonesia', email: 'layanan@nusantara.example.com',
  },
  {
    name: 'Petronas Bay Capital', subject: 'Energy and palm-oil derivatives', initials: 'PB', colour: '#00796b',
    url: 'https://www.example.com/petronasbay', registered_address: 'Jalan Ampang 50450, Kuala Lumpur',
    location: 'Malaysia', email: 'khidmat@petronasbay.example.com',
  },
  {
    name: 'Ganges Valley Securities', subject: 'Index and currency derivatives', initials: 'GV', colour: '#e65100',
    url: 'https://www.example.com/gangesvalley', registered_address: 'Bandra Kurla Complex, Mumbai 400051',
    location: 'India', email: 'support@gangesvalley.example.com',
  },
  {
    name: 'Tiber Capital Markets', subject: 'Forex and European index CFDs', initials: 'TC', colour: '#6a1b9a',
    url: 'https://www.example.com/tiber', registered_address: 'Via del Corso 184, 00186 Rome',
    location: 'Italy', email: 'assistenza@tiber.example.com',
  },
  {
    name: 'Neva Trade Services', subject: 'Forex and metals brokerage', initials: 'NT', colour: '#37474f',
    url: 'https://www.example.com/neva', registered_address: 'Nevsky Prospekt 28, Saint Petersburg',
    location: 'Russia', email: 'support@neva.example.com',
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
  run: (q) =>
    insertMissing(
      q,
      'companies',
      ['name'],
      COMPANIES.map((c) => ({
        name: c.name, subject: c.subject, logo: initialsLogo(c.initials, c.colour), url: c.url,
        registered_address: c.registered_address, location: c.location, email: c.email,
      })),
    ),
};
