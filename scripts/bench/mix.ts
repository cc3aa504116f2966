// The benchmark's practice and request mix, shared by `pnpm bench:api` and the cluster soak.
//
// A practice at work: 10,000 patients with realistic Brazilian names (first names and surnames drawn with
// skewed, Zipf-like frequencies, as real registries are), about 70 % with sales over the last year, and
// `FOLLOWED` of them answering the demo's weekly questionnaire for a year (answer requests, answers with
// their items, reviews — most completed, the latest weeks pending). The requests are what the most used
// screens call: the clients list searched by 1,000 distinct name terms (again Zipf-distributed, so some are
// typed all the time and most rarely), its filters and later pages, the dashboard, pending reviews, the
// received answers, a client's profile and a questionnaire's links. Deterministic: the same seed gives the
// same practice and the same request sequence.
import type pg from 'pg';
import { prng } from '../../apps/api/src/demo-practice';

export const PATIENTS = 10_000;
/** Patients answering the weekly questionnaire for a year (52 weeks each). */
export const FOLLOWED = Number(process.env.BENCH_FOLLOWED ?? 2_000);

// Most frequent first, roughly in the order of Brazil's registries (IBGE's 2010 census for first names).
const FIRST_NAMES = (
  'Maria Ana José João Francisca Antônio Antonia Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luis ' +
  'Gabriel Rafael Adriana Juliana Márcia Fernanda Patrícia Aline Daniel Marcelo Bruno Eduardo Felipe ' +
  'Raimundo Rodrigo Sandra Camila Amanda Bruna Jéssica Letícia Júlia Luciana Vanessa Mariana Gabriela ' +
  'Vitória Larissa Beatriz Cláudia Renata Tatiane Simone Débora Priscila Sebastião Manoel Mateus Thiago ' +
  'Gustavo Leonardo Vinícius Matheus Guilherme Diego Fábio Alexandre Sérgio Roberto Ricardo Cecília Helena ' +
  'Isabela Sofia Yasmin Lúcia Valéria Raquel Tânia Érica Conceição Aparecida Rosângela Sônia Heloísa Otávio'
).split(' ');
const SURNAMES = (
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho ' +
  'Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado ' +
  'Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Monteiro Moura ' +
  'Batista Campos Castro Medeiros Reis Azevedo Borges Melo Bezerra Farias Cunha Tavares Pires Miranda Brito ' +
  'Aguiar Conceição Sampaio Guimarães Queiroz Coelho Macedo Fonseca Siqueira Peixoto Xavier Assunção Magalhães'
).split(' ');

/** Rank-frequency weights 1/r^s: the first item is drawn most, the long tail rarely. */
function zipfSampler<T>(items: readonly T[], rand: () => number, s = 1): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= items.length; r++) cumulative.push((total += 1 / r ** s));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

/** 10,000 patients as the import's CSV (nome;telefone;email): one or two first names and one or two surnames. */
export function patientsCsv(n = PATIENTS): string {
  const rand = prng(20_261_126);
  const first = zipfSampler(FIRST_NAMES, rand, 0.9);
  const last = zipfSampler(SURNAMES, rand, 0.9);
  const rows = ['nome;telefone;email'];
  for (let i = 0; i < n; i++) {
    const parts = [first()];
    if (rand() < 0.35) parts.push(first());
    parts.push(last());
    if (rand() < 0.6) parts.push(last());
    rows.push(`${parts.join(' ')};+55 11 9${String(10_000_000 + i).padStart(8, '0')};bench${i}@example.com`);
  }
  return rows.join('\n');
}

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 1,000 distinct terms as typed in the search box, most likely first: whole first names and surnames (with
 * and without accents), the first letters of one (the search runs as she types), and "first surname" pairs.
 */
export function nameTerms(count = 1_000): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    if (terms.length < count && !seen.has(term)) {
      seen.add(term);
      terms.push(term);
    }
  };
  const longest = Math.max(FIRST_NAMES.length, SURNAMES.length);
  // Interleaved by popularity: the most common names first, each in the forms people type.
  for (let r = 0; r < longest && terms.length < count; r++) {
    for (const name of [FIRST_NAMES[r], SURNAMES[r]]) {
      if (!name) continue;
      add(name.toLowerCase());
      add(plain(name).slice(0, 4));
      if (plain(name) !== name.toLowerCase()) add(plain(name));
    }
  }
  for (let r = 0; terms.length < count; r++) {
    const first = FIRST_NAMES[r % FIRST_NAMES.length]!;
    const last = SURNAMES[Math.floor(r / FIRST_NAMES.length) % SURNAMES.length]!;
    add(`${plain(first)} ${plain(last)}`);
    add(`${plain(first).slice(0, 3)} ${plain(last).slice(0, 3)}`);
  }
  return terms;
}

/** What the requests need to know about the seeded practice. */
export interface Practice {
  jwt: string;
  quizId: string;
  serviceIds: string[];
  /** Patients with sales and a year of answers: the profiles opened. */
  profileIds: string[];
  /** Their weekly schedules (same order): the answers of one schedule. */
  scheduleIds: string[];
  /** Reviews opened from the lists, pending and completed. */
  revisionIds: string[];
}

/**
 * Sales, inactive and online patients, `years` of weekly answers: straight into the database in a few set-based
 * statements (the API would need hours to be driven to the same state), copying the shapes of the demo's own
 * answers so every screen reads them as it reads real ones. `exec` runs SQL on the API's database. The last year
 * is the same whatever `years` is (every week is numbered from the last year's first, `kk`): more years only add
 * older history, so one and five years are the same practice, older.
 */
export async function seedYear(exec: (sql: string) => Promise<unknown>, followed = FOLLOWED, years = 1): Promise<void> {
  const older = Math.max(0, Math.floor(years) - 1);
  const weeks = 52 * (older + 1);
  const statements = [
    // The bench's patients (the demo's own 200 are left as they are).
    `create temp table bench_patients as
       select p.id, p.professional_id, abs(hashtext(p.id::text)) % 1000 as h
       from patients p where p.email like 'bench%@example.com'`,
    `update patients p set
       status = case when b.h % 100 < 15 then 'inactive' else 'active' end,
       service_modality = case when b.h % 10 < 6 then 'presencial' when b.h % 10 < 9 then 'online' else 'hibrido' end
     from bench_patients b where b.id = p.id`,
    // About 70 % bought: one to four periods over the last year, back to back, the last one often still running;
    // four a year in the older years.
    `insert into sales (professional_id, patient_id, service_id, amount_cents, payment_method, status, sold_at, starts_at, ends_at)
     select b.professional_id, b.id, s.id, s.price_cents,
            (array['pix','cartao','boleto','dinheiro','transferencia'])[1 + abs(b.h + k) % 5],
            case when (b.h + k) % 37 = 0 then 'refunded' else 'paid' end,
            ((current_date - 330 + k * 95 + b.h % 30)::timestamp + interval '14 hours') at time zone 'America/Sao_Paulo',
            current_date - 330 + k * 95 + b.h % 30,
            current_date - 330 + k * 95 + b.h % 30 + s.validity_days
     from bench_patients b
     cross join lateral generate_series(${-4 * older}, b.h % 4) k
     cross join lateral (
       select id, price_cents, validity_days from services
       where professional_id = b.professional_id and is_active
       order by id offset abs(b.h + k) % greatest(1, (select count(*) from services where professional_id = b.professional_id and is_active))
       limit 1) s
     where b.h % 10 < 7`,
    // The followed: a weekly questionnaire since `years` ago (52 weeks a year sent; the next one due in three days).
    `create temp table bench_schedules as
       select gen_random_uuid() as id, b.id as patient_id, b.professional_id, b.h
       from bench_patients b join patients p on p.id = b.id
       where p.status = 'active' and b.h % 10 < 7
       order by b.h, b.id limit ${Number(followed)}`,
    `create temp table bench_template as
       select qa.quiz_id, qa.snapshot_id, qa.id as answer_id
       from quiz_answers qa join quizzes q on q.id = qa.quiz_id
       join bench_patients b on b.professional_id = q.professional_id
       where qa.status = 'finished' limit 1`,
    `insert into quiz_schedules (id, professional_id, quiz_id, patient_id, start_date, hour, periodicity, weekdays, channel, created_at, updated_at)
     select s.id, s.professional_id, t.quiz_id, s.patient_id, current_date - ${361 + 364 * older}, 8 + s.h % 4, 'weekly',
            jsonb_build_array(extract(isodow from current_date - 361)::int), 'whatsapp',
            now() - interval '${362 + 364 * older} days', now() - interval '${362 + 364 * older} days'
     from bench_schedules s cross join bench_template t`,
    `create temp table bench_requests as
       select gen_random_uuid() as id, s.id as schedule_id, s.professional_id, s.patient_id, t.quiz_id, kk,
              ((current_date - 361 + 7 * kk)::timestamp + make_interval(hours => 8 + s.h % 4)) at time zone 'America/Sao_Paulo' as due_at,
              case when kk = 52 then 'scheduled'
                   when ((s.h * 7 + kk * 13) % 100 + 100) % 100 < 85 then 'answered'
                   when kk = 51 then 'sent' else 'expired' end as status
       from bench_schedules s cross join bench_template t
       cross join generate_series(0, ${weeks}) k cross join lateral (select k - ${weeks - 52} as kk) w`,
    // A sent request left unanswered past the grace period was already reported late (delayed_at), as the
    // running worker would have done: the benchmark starts in a steady state, not with a backlog of events.
    `insert into answer_requests (id, schedule_id, professional_id, patient_id, quiz_id, kind, due_at, status, sent_at, attempts, answered_at, delayed_at, created_at)
     select id, schedule_id, professional_id, patient_id, quiz_id, 'scheduled', due_at, status,
            case when status = 'scheduled' then null else due_at + interval '1 minute' end,
            case when status = 'scheduled' then 0 else 1 end,
            case when status = 'answered' then due_at + interval '3 hours' end,
            case when status = 'sent' then due_at + interval '2 days' end,
            due_at - interval '7 days'
     from bench_requests`,
    `insert into quiz_answers (answer_request_id, schedule_id, professional_id, patient_id, quiz_id, status, snapshot_id, started_at, finished_at, updated_at)
     select r.id, r.schedule_id, r.professional_id, r.patient_id, r.quiz_id, 'finished', t.snapshot_id,
            r.due_at + interval '2 hours 55 minutes', r.due_at + interval '3 hours', r.due_at + interval '3 hours'
     from bench_requests r cross join bench_template t where r.status = 'answered'`,
    `insert into answer_items (quiz_answer_id, question_id, parent_question_id, position, value, answered_at)
     select qa.id, i.question_id, i.parent_question_id, i.position, i.value, qa.started_at + i.position * interval '25 seconds'
     from quiz_answers qa join bench_schedules s on s.id = qa.schedule_id
     cross join bench_template t join answer_items i on i.quiz_answer_id = t.answer_id`,
    // Reviewed, except the last two weeks (and now and then an older one she left for later).
    `insert into answer_revisions (quiz_answer_id, professional_id, patient_id, quiz_id, schedule_id, status, approved_at, created_at, updated_at)
     select qa.id, qa.professional_id, qa.patient_id, qa.quiz_id, qa.schedule_id,
            case when qa.finished_at > now() - interval '14 days' or (s.h + extract(week from qa.finished_at)::int) % 29 = 0
                 then 'pending' else 'completed' end,
            case when qa.finished_at > now() - interval '14 days' or (s.h + extract(week from qa.finished_at)::int) % 29 = 0
                 then null else qa.finished_at + interval '1 day' end,
            qa.finished_at, qa.finished_at + interval '1 day'
     from quiz_answers qa join bench_schedules s on s.id = qa.schedule_id`,
    // A practice's database in its steady state: statistics and visibility maps up to date (autovacuum's work).
    'VACUUM ANALYZE',
  ];
  for (const statement of statements) await exec(statement);
}

/** The ids the requests use, read back from the seeded database. */
export async function readPractice(query: <R>(sql: string) => Promise<R[]>, jwt: string): Promise<Practice> {
  const schedules = await query<{ id: string; patient_id: string; quiz_id: string }>(
    `select s.id, s.patient_id, s.quiz_id from quiz_schedules s join patients p on p.id = s.patient_id
     where p.email like 'bench%@example.com' and s.deleted_at is null order by s.id limit 200`,
  );
  const services = await query<{ id: string }>(
    `select s.id from services s join patients p on p.professional_id = s.professional_id
     where p.email = 'bench0@example.com' and s.is_active order by s.id`,
  );
  const revisions = await query<{ id: string }>(
    `(select r.id from answer_revisions r join quiz_schedules s on s.id = r.schedule_id
      where s.id in (select s2.id from quiz_schedules s2 join patients p on p.id = s2.patient_id
                     where p.email like 'bench%@example.com' order by s2.id limit 200)
      order by r.created_at desc limit 200)`,
  );
  if (!schedules.length) throw new Error('the practice has no followed patients: was it seeded?');
  return {
    jwt,
    quizId: schedules[0]!.quiz_id,
    serviceIds: services.map((s) => s.id),
    profileIds: schedules.map((s) => s.patient_id),
    scheduleIds: schedules.map((s) => s.id),
    revisionIds: revisions.map((r) => r.id),
  };
}

/** One kind of request of the mix: its share of the traffic and how to draw one. */
export interface Call {
  name: string;
  /** Share of the mix, in percent. */
  weight: number;
  path: (pick: Picker) => string;
}

interface Picker {
  rand: () => number;
  term: () => string;
  one: <T>(list: readonly T[]) => T;
  practice: Practice;
}

const enc = encodeURIComponent;

/** The calls behind the most used screens, with their share of a working day's traffic. */
export const CALLS: Call[] = [
  { name: 'clients: name search', weight: 28, path: (p) => `/api/patient?take=20&nameTerm=${enc(p.term())}` },
  {
    name: 'clients: filters, later pages',
    weight: 12,
    path: (p) => {
      const filters = [
        'status=active',
        'status=inactive',
        'serviceModality=online',
        `serviceId=${p.one(p.practice.serviceIds)}`,
        'status=active&serviceModality=presencial',
      ];
      const skip = p.one([0, 20, 40, 60, 100, 200]);
      const term = p.rand() < 0.3 ? `&nameTerm=${enc(p.term())}` : '';
      return `/api/patient?take=20&skip=${skip}&${p.one(filters)}${term}`;
    },
  },
  { name: 'clients: first page', weight: 6, path: () => '/api/patient?take=20' },
  { name: 'dashboard', weight: 10, path: () => '/api/dashboard/summary' },
  { name: 'pending reviews', weight: 8, path: () => '/api/answer-revision/pending?take=20' },
  {
    // The screen opens on the pending ones; now and then the completed ones or all, and a later page.
    name: 'received answers',
    weight: 8,
    path: (p) =>
      `/api/answer-revision?take=20&skip=${p.one([0, 0, 0, 20, 40])}${p.one(['&status=pending', '&status=pending', '&status=completed', ''])}`,
  },
  { name: 'review an answer', weight: 6, path: (p) => `/api/answer-revision/${p.one(p.practice.revisionIds)}` },
  { name: 'client profile', weight: 8, path: (p) => `/api/patient/${p.one(p.practice.profileIds)}` },
  {
    // The profile's "Serviços e vendas" tab: ten a page, newest first (a later page now and then).
    name: 'profile: sales',
    weight: 4,
    path: (p) => `/api/sales?take=10&skip=${p.one([0, 0, 0, 10])}&patientId=${p.one(p.practice.profileIds)}`,
  },
  {
    name: 'profile: latest answer of a schedule',
    weight: 4,
    path: (p) => {
      const i = Math.floor(p.rand() * p.practice.scheduleIds.length);
      return `/api/answer-revision/patient/${p.practice.profileIds[i]}/quizSchedule/${p.practice.scheduleIds[i]}?take=1`;
    },
  },
  {
    name: 'quiz links',
    weight: 6,
    path: (p) => `/api/quiz/schedule?take=20&quizId=${p.practice.quizId}&skip=${p.one([0, 0, 20, 40])}`,
  },
];

/**
 * `n` request paths: of one call, or (without `call`) of the whole mix in its shares. The name terms follow a
 * Zipf-like law over 1,000 distinct terms.
 */
export function requestPaths(practice: Practice, n: number, call?: Call, seed = 7): string[] {
  const rand = prng(seed);
  const term = zipfSampler(nameTerms(), rand);
  const pick: Picker = { rand, term, one: (list) => list[Math.floor(rand() * list.length)]!, practice };
  const total = CALLS.reduce((sum, c) => sum + c.weight, 0);
  const draw = () => {
    let x = rand() * total;
    for (const c of CALLS) if ((x -= c.weight) < 0) return c;
    return CALLS[CALLS.length - 1]!;
  };
  return Array.from({ length: n }, () => (call ?? draw()).path(pick));
}

/** Signs in as the demo professional. */
export async function demoJwt(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@acompanha.app', password: 'acompanha123' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return ((await login.json()) as { jwt: string }).jwt;
}

/** Imports the 10,000 patients through the API (`POST /api/patient/import`), as a professional would. */
export async function importPatients(base: string, jwt: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([patientsCsv()], { type: 'text/csv' }), 'pacientes.csv');
  const res = await fetch(`${base}/api/patient/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${jwt}` },
    body: form,
  });
  const report = (await res.json()) as { imported: number };
  if (!res.ok || report.imported < PATIENTS) throw new Error(`import failed: ${JSON.stringify(report).slice(0, 300)}`);
}

/** `exec`/`query` over one connection (the seed's temporary tables live in their session). */
export function pgRunner(client: pg.ClientBase) {
  return {
    exec: (sql: string) => client.query(sql),
    query: async <R>(sql: string) => (await client.query(sql)).rows as R[],
  };
}
