/** Seeds the inbox with `enquiries` generated enquiries, straight into the database (npm run bench:console). */
import { sql } from "drizzle-orm";
import type { Store } from "../../app/platform/db/db.server";
import { staffUsers } from "../../app/features/sign-in/tables.server";

const firstNames = ["Amara", "Ben", "Chloe", "Dev", "Ewa", "Fatima", "Gareth", "Hana", "Isla", "Jamal", "Kofi", "Lena"];
const surnames = [
  "Okafor",
  "Smith",
  "Patel",
  "Jones",
  "Nowak",
  "Campbell",
  "Mensah",
  "Murray",
  "Khan",
  "Williams",
  "Osei",
  "Taylor",
  "Brown",
  "Wilson",
  "Evans",
  "Thomas",
  "Roberts",
  "Walker",
  "Wright",
  "Thompson",
  "White",
  "Hughes",
  "Edwards",
  "Green",
  "Hall",
  "Wood",
  "Harris",
  "Clarke",
  "Jackson",
  "Clark",
  "Lewis",
  "Robinson",
  "Young",
  "Allen",
  "King",
  "Scott",
  "Baker",
  "Adams",
  "Mitchell",
  "Phillips",
  "Turner",
  "Parker",
  "Collins",
  "Stewart",
  "Morris",
  "Rogers",
  "Reid",
  "Cook",
];
const orgs = [
  "NHS Lothian",
  "Royal Infirmary",
  "Lagos Health",
  "Accra Clinic",
  "Midwives Collective",
  "Health Trust",
  "",
];
const domains = ["example.org", "nhs.example", "clinic.example", "mail.example"];

const list = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
const pick = (values: string[], seed: string) => `(${list(values)})[1 + floor(${seed} * ${values.length})::int]`;

/**
 * Seeds in SQL (generate_series), so both engines fill in seconds: enquiries
 * over the last two years, 50% contact, 30% demo, 20% advisory; 2% suspected
 * spam; older ones mostly handled. Each has its two e-mails: 97% sent, about 1%
 * failed, 1% dead, 1% queued (half of those for over 15 minutes).
 */
export async function seedConsole(
  store: Store,
  enquiries: number,
  member: { id: string; email: string; name: string },
) {
  const { db } = store;
  await db.insert(staffUsers).values({ id: member.id, email: member.email, name: member.name });
  const chunk = 20_000;
  for (let start = 0; start < enquiries; start += chunk) {
    const end = Math.min(enquiries, start + chunk) - 1;
    await db.execute(
      sql.raw(`
      insert into enquiries (id, kind, payload, email, client_fingerprint, created_at, handled_at, handled_by, spam_reason)
      select gen_random_uuid(), kind, payload, lower(payload->>'email'), 'bench', created_at,
        case when r_handled < least(0.95, age_days / 20.0) then created_at + interval '1 day' end,
        case when r_handled < least(0.95, age_days / 20.0) then '${member.id}' end,
        case when r_spam < 0.02 then 'honeypot' end
      from (
        select i, kind, created_at, age_days, r_handled, r_spam,
          jsonb_strip_nulls(jsonb_build_object(
            'name', first || ' ' || last,
            'email', lower(first) || '.' || lower(last) || i || '@' || domain,
            'organization', nullif(org, ''),
            'interest', case when kind = 'contact' then ${pick(["general", "demo", "partnership", "implementation", "pricing"], "random()")} end,
            'role', case kind when 'demo' then ${pick(["investor", "healthcare", "government", "ngo", "other"], "random()")}
                              when 'advisory' then ${pick(["midwife", "doctor", "policy", "ngo", "other"], "random()")}
                              else 'Midwife' end,
            'country', case when kind = 'advisory' then 'United Kingdom' end,
            'reason', case when kind = 'advisory' then 'To help mothers' end,
            'message', 'I would like to know more about Maternis for our maternity service.'
          )) as payload
        from (
          select i,
            case when k < 0.5 then 'contact' when k < 0.8 then 'demo' else 'advisory' end as kind,
            now() - (age_days * interval '1 day') as created_at, age_days, r_handled, r_spam,
            ${pick(firstNames, "random()")} as first, ${pick(surnames, "random()")} as last,
            ${pick(orgs, "random()")} as org, ${pick(domains, "random()")} as domain
          from (
            select i, random() as k, (i::float8 / ${enquiries}) * 730 as age_days, random() as r_handled, random() as r_spam
            from generate_series(${start}, ${end}) as i
          ) base
        ) named
      ) made`),
    );
  }
  // Two e-mails each (not for spam: none was sent), by the registry's order.
  await db.execute(
    sql.raw(`
    insert into deliveries (id, enquiry_id, kind, recipient, status, attempts, last_error, sent_at, created_at)
    select gen_random_uuid(), id, kind,
      case when kind = 'notification' then 'enquiries@maternis.health' else email end,
      status,
      case status when 'sent' then 1 when 'queued' then 0 else 5 end,
      case when status in ('failed', 'dead') then '421 4.7.0 Try again later' end,
      case when status = 'sent' then created_at + interval '5 seconds' end,
      case when status = 'queued' and r2 < 0.5 then now() - interval '2 minutes' else created_at end
    from (
      select *, case when r < 0.97 then 'sent' when r < 0.98 then 'failed' when r < 0.99 then 'dead' else 'queued' end as status
      from (
        select s.id, s.email, s.created_at, k.kind, random() as r, random() as r2
        from enquiries s
        cross join unnest(case when s.kind = 'contact' then array['notification', 'acknowledgement'] else array['welcome', 'notification'] end) as k(kind)
        where s.spam_reason is null
      ) drawn
    ) made`),
  );
  // As the daily maintenance leaves it (autovacuum on PostgreSQL, maintainEmbedded on PGlite).
  await db.execute(sql`vacuum (analyze) enquiries, deliveries`);
}
