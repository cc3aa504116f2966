/**
 * Demo practice data for the demo professional: 200 plausible Brazilian patients, 5 services and
 * sales over the last 6 months (a few refunded). Deterministic (fixed pseudo-random seed); only the
 * dates follow the clock.
 */
import { count, eq } from 'drizzle-orm';
import type { Executor } from './db/client.js';
import { patients, PAYMENT_METHODS, sales, services, type PatientSex, type ServiceModality } from './db/schema.js';
import { addDays, spDate } from './lib/dates.js';
import { searchable } from './lib/text.js';
import { normalizePhone } from './patient/fields.js';
import { defaultPreferences } from './patient/service.js';

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FEMALE = [
  'Ana',
  'Beatriz',
  'Camila',
  'Débora',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Júlia',
  'Larissa',
  'Letícia',
  'Mariana',
  'Natália',
  'Patrícia',
  'Raquel',
  'Sofia',
  'Tânia',
  'Vitória',
  'Luíza',
  'Cecília',
  'Márcia',
  'Renata',
  'Aline',
  'Bárbara',
  'Cláudia',
  'Priscila',
  'Lúcia',
  'Valéria',
  'Yasmin',
  'Érica',
];
const MALE = [
  'André',
  'Bruno',
  'Caio',
  'Daniel',
  'Eduardo',
  'Fábio',
  'Gustavo',
  'Henrique',
  'Igor',
  'João',
  'Lucas',
  'Marcelo',
  'Nicolas',
  'Otávio',
  'Paulo',
  'Rafael',
  'Sérgio',
  'Thiago',
  'Vinícius',
  'Luís',
  'Antônio',
  'César',
  'Mateus',
  'Rômulo',
  'Júlio',
  'Fabrício',
  'Davi',
  'Enzo',
  'Heitor',
  'Ícaro',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Conceição',
  'Magalhães',
  'Gonçalves',
  'Antunes',
  'Brandão',
  'Simões',
  'Damásio',
  'Assunção',
  'Falcão',
  'Guimarães',
  'Loureiro',
  'Peçanha',
  'Tavares',
  'Vieira',
  'Monteiro',
  'Cardoso',
];
const DDDS = ['11', '11', '11', '21', '21', '31', '41', '51', '61', '71', '81', '85', '19', '48'];
const TAGS = [
  'emagrecimento',
  'hipertrofia',
  'gestante',
  'vegetariano',
  'diabetes',
  'esportista',
  'intolerância à lactose',
  'retorno',
];
const NOTES = [
  'Prefere atendimento pela manhã.',
  'Alergia a amendoim.',
  'Indicação da Dra. Paula.',
  'Treina 5x por semana.',
  'Relata ansiedade à noite.',
];

export const DEMO_SERVICES = [
  {
    name: 'Consulta avulsa',
    description: 'Uma consulta com plano alimentar.',
    priceCents: 25_000,
    validityDays: 30,
    consultations: 1,
    modality: 'presencial',
  },
  {
    name: 'Acompanhamento mensal',
    description: 'Consulta e acompanhamento pelo aplicativo por 30 dias.',
    priceCents: 39_000,
    validityDays: 30,
    consultations: 2,
    modality: 'hibrido',
  },
  {
    name: 'Plano trimestral',
    description: '3 meses de acompanhamento com retornos mensais.',
    priceCents: 99_000,
    validityDays: 90,
    consultations: 4,
    modality: 'hibrido',
  },
  {
    name: 'Plano semestral',
    description: '6 meses de acompanhamento com retornos mensais.',
    priceCents: 179_000,
    validityDays: 180,
    consultations: 7,
    modality: 'online',
  },
  {
    name: 'Avaliação de bioimpedância',
    description: 'Avaliação de composição corporal.',
    priceCents: 12_000,
    validityDays: 7,
    consultations: 1,
    modality: 'presencial',
  },
] as const satisfies readonly {
  name: string;
  description: string;
  priceCents: number;
  validityDays: number;
  consultations: number;
  modality: ServiceModality;
}[];

function cpf(rand: () => number): string {
  const d = Array.from({ length: 9 }, () => Math.floor(rand() * 10));
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** Seeds the demo practice once: does nothing when the professional already has patients. */
export async function seedDemoPractice(db: Executor, professionalId: string, now: Date): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(patients)
    .where(eq(patients.professionalId, professionalId));
  if (Number(n) > 0) return false;
  const rand = prng(20_240_601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const today = spDate(now);

  const phones = new Set<string>();
  const docs = new Set<string>();
  const emails = new Set<string>();
  const names = new Set<string>();
  const rows: (typeof patients.$inferInsert)[] = [];
  for (let i = 0; i < 200; i++) {
    const female = rand() < 0.62;
    const first = pick(female ? FEMALE : MALE);
    // No two clients with the same full name: a demo list with three "Bárbara Barbosa" reads as a bug.
    let name = '';
    while (!name || names.has(name)) name = `${first} ${pick(SURNAMES)}${rand() < 0.5 ? ` ${pick(SURNAMES)}` : ''}`;
    names.add(name);
    let phone: string | null = null;
    while (!phone || phones.has(phone)) {
      const sub = String(6 + Math.floor(rand() * 4)) + String(Math.floor(rand() * 1e7)).padStart(7, '0');
      phone = normalizePhone(`(${pick(DDDS)}) 9${sub}`);
    }
    phones.add(phone);
    let doc = cpf(rand);
    while (docs.has(doc) || /^(\d)\1{10}$/.test(doc)) doc = cpf(rand);
    docs.add(doc);
    const slug = searchable(name)
      .replace(/[^a-z ]/g, '')
      .split(' ');
    let email = `${slug[0]}.${slug[slug.length - 1]}@${pick(['example.com', 'example.org', 'example.net'])}`;
    for (let k = 2; emails.has(email); k++) email = email.replace(/(\d*)@/, `${k}@`);
    emails.add(email);
    const age = 18 + Math.floor(rand() * 55);
    const birthDate = addDays(`${Number(today.slice(0, 4)) - age}-01-01`, Math.floor(rand() * 365));
    const m = rand();
    const serviceModality: ServiceModality = m < 0.5 ? 'presencial' : m < 0.8 ? 'online' : 'hibrido';
    const sex: PatientSex = rand() < 0.03 ? 'outro' : female ? 'feminino' : 'masculino';
    const tags = rand() < 0.6 ? [...new Set([pick(TAGS), ...(rand() < 0.3 ? [pick(TAGS)] : [])])] : [];
    const withEmail = rand() < 0.9;
    rows.push({
      professionalId,
      name,
      searchName: searchable(name),
      email: withEmail ? email : null,
      phone,
      document: rand() < 0.85 ? doc : null,
      birthDate,
      sex,
      status: rand() < 0.85 ? 'active' : 'inactive',
      serviceModality,
      tags,
      notes: rand() < 0.25 ? pick(NOTES) : null,
      preferences: {
        ...defaultPreferences(phone, withEmail ? email : null),
        channel: rand() < 0.7 ? 'whatsapp' : withEmail ? 'email' : 'whatsapp',
      },
      createdAt: new Date(now.getTime() - Math.floor(rand() * 200) * 86_400_000),
      updatedAt: now,
    });
  }
  const inserted = await db.insert(patients).values(rows).returning({ id: patients.id, status: patients.status });
  const svc = await db
    .insert(services)
    .values(DEMO_SERVICES.map((s) => ({ ...s, professionalId, updatedAt: now })))
    .returning({ id: services.id, priceCents: services.priceCents, validityDays: services.validityDays });

  const saleRows: (typeof sales.$inferInsert)[] = [];
  for (const p of inserted) {
    if (rand() < (p.status === 'active' ? 0.15 : 0.5)) continue;
    const count = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < count; k++) {
      const s = svc[Math.floor(rand() * svc.length)]!;
      const soldAt = new Date(now.getTime() - Math.floor(rand() * 182 * 86_400_000));
      soldAt.setUTCHours(12 + Math.floor(rand() * 10), Math.floor(rand() * 60), 0, 0);
      if (soldAt > now) soldAt.setTime(now.getTime() - 3_600_000);
      const startsAt = spDate(soldAt);
      const refunded = rand() < 0.06;
      saleRows.push({
        professionalId,
        patientId: p.id,
        serviceId: s.id,
        amountCents: rand() < 0.15 ? Math.round((s.priceCents * 0.9) / 100) * 100 : s.priceCents,
        paymentMethod: pick(PAYMENT_METHODS),
        status: refunded ? 'refunded' : 'paid',
        soldAt,
        startsAt,
        endsAt: addDays(startsAt, s.validityDays),
        refundedAt: refunded ? new Date(Math.min(now.getTime(), soldAt.getTime() + 3 * 86_400_000)) : null,
      });
    }
  }
  if (saleRows.length) await db.insert(sales).values(saleRows);
  return true;
}
