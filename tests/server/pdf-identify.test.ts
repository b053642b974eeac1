/** Identification: what a zone's text yields for each identifier, and whom it matches among the seeded employees. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from '../../src/server/db/db.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN as ROOT_NAME } from '../../src/server/db/seed/personas.ts';
import { employeeMatcher, identifyText } from '../../src/server/pdf/index.ts';
import { type TestDb, createSeededDb } from './support/server.ts';

const ROOT_MAIN = orgId('main', ROOT_NAME);

describe('identifyText', () => {
  it('registration numbers: the written tokens, upper-cased', () => {
    expect(identifyText('registrationNumber', 'Matricule : dem-00042')).toEqual(['MATRICULE', 'DEM-00042']);
    expect(identifyText('registrationNumber', 'Matricule:DEM-7')).toContain('DEM-7');
  });
  it('social security numbers: 13 or 15 digits, spaces ignored', () => {
    expect(identifyText('numSecu', 'N° SS : 1 85 05 78 006 084 36')).toEqual(['185057800608436', '1850578006084']);
    expect(identifyText('numSecu', '2 90 12 2A 004 123')).toEqual(['29012' + '2A004123']);
    expect(identifyText('numSecu', 'Tél. 01 23 45 67 89')).toEqual([]);
  });
  it('e-mails: lower-cased', () => {
    expect(identifyText('email', 'Courriel : Jean.Dupont@Exemple.FR')).toEqual(['jean.dupont@exemple.fr']);
  });
  it('name and birth date: accents folded, both orders, the date as yyyy-mm-dd', () => {
    const keys = identifyText('nameAndBirthDate', 'Hélène Lefèvre née le 3/07/1985');
    expect(keys).toContain('LEFEVRE HELENE|1985-07-03');
    expect(keys).toContain('HELENE LEFEVRE|1985-07-03');
    expect(identifyText('nameAndBirthDate', 'Hélène Lefèvre')).toEqual([]);
  });
});

describe('employeeMatcher against the seeded demo organisation', () => {
  let t: TestDb;
  interface Emp {
    id: string;
    name: string;
    first_name: string;
    birth_date: string;
    email: string | null;
    num_secu: string | null;
    registration_number: string;
  }
  let emp: Emp;
  beforeAll(async () => {
    t = await createSeededDb();
    const s = schemaOf('main');
    const { rows } = await t.db.query<Emp>(
      `SELECT e.id, e.name, e.first_name, e.birth_date, e.email, e.num_secu, eo.registration_number
         FROM ${s}.employees e JOIN ${s}.employee_organizations eo ON eo.employee_id = e.id
        WHERE eo.organization_id = $1 AND eo.registration_number IS NOT NULL AND e.email IS NOT NULL
          AND e.num_secu IS NOT NULL ORDER BY eo.registration_number LIMIT 1`,
      [ROOT_MAIN],
    );
    emp = rows[0]!;
  });
  afterAll(async () => t?.dispose());

  it('finds the employee by each identifier, and nobody for an unknown value', async () => {
    const byReg = await employeeMatcher(t.db, 'main', [ROOT_MAIN], 'registrationNumber');
    expect(
      byReg(identifyText('registrationNumber', `Matricule : ${emp.registration_number.toLowerCase()}`)),
    ).toMatchObject({
      employeeId: emp.id,
      key: emp.registration_number.toUpperCase(),
    });
    expect(byReg(['ZZ-99999'])).toBeNull();

    const bySecu = await employeeMatcher(t.db, 'main', [ROOT_MAIN], 'numSecu');
    const spaced = emp.num_secu!.replace(/\s/g, '').replace(/(\d)(?=(\d{3})+$)/g, '$1 ');
    expect(bySecu(identifyText('numSecu', `N° : ${spaced}`))?.employeeId).toBe(emp.id);

    const byMail = await employeeMatcher(t.db, 'main', [ROOT_MAIN], 'email');
    expect(byMail(identifyText('email', `Mél : ${emp.email!.toUpperCase()}`))?.employeeId).toBe(emp.id);

    const byName = await employeeMatcher(t.db, 'main', [ROOT_MAIN], 'nameAndBirthDate');
    const [y, m, d] = emp.birth_date.split('-');
    expect(byName(identifyText('nameAndBirthDate', `${emp.first_name} ${emp.name} ${d}/${m}/${y}`))?.employeeId).toBe(
      emp.id,
    );
  });
});
