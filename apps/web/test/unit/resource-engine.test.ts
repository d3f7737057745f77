import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/platform/api.ts';
import { initialTableQuery } from '../../src/platform/data-table/table-query.ts';
import {
  initialFormValues,
  isRequired,
  normalizeFormValues,
} from '../../src/platform/resources/form-values.ts';
import { splitServerErrors } from '../../src/platform/ui/contract-form.ts';
import { parseSort, tableQueryToListParams } from '../../src/platform/resources/list-state.ts';
import {
  afterSaveTarget,
  failureMessage,
  isUserExistConflict,
  successMessage,
} from '../../src/platform/resources/outcome.ts';
import { parseRouteId, withId } from '../../src/platform/resources/paths.ts';
import { listQuery, resourceKeys } from '../../src/platform/resources/query-keys.ts';
import type { FieldSpec } from '../../src/platform/resources/ui.ts';
import { districts, stores } from '@portal/contract/resources/organisation';
import { users } from '@portal/contract/resources/users';

describe('resourceKeys', () => {
  const keys = resourceKeys('stores');

  it('puts lists, counts and rows under the resource, so one invalidation covers them', () => {
    const all = keys.all;
    for (const key of [
      keys.lists(),
      keys.list({ page: 0, perPage: 20 }),
      keys.detail(4),
      keys.count(),
    ]) {
      expect(key.slice(0, all.length)).toEqual([...all]);
    }
    expect(keys.list({ page: 0, perPage: 20 }).slice(0, 3)).toEqual([...keys.lists()]);
    expect(resourceKeys('regions').all).not.toEqual(keys.all);
  });

  it('gives one request one key: empty parts left out, filters and related sorted', () => {
    const a = keys.list({
      page: 1,
      perPage: 50,
      search: '  ',
      filter: { is_active: 'true', district_id: '3', name: '' },
      related: ['district', 'company'],
    });
    const b = keys.list({
      page: 1,
      perPage: 50,
      filter: { district_id: '3', is_active: 'true' },
      related: ['company', 'district'],
    });
    expect(a).toEqual(b);
    expect(keys.list({ page: 2, perPage: 50 })).not.toEqual(keys.list({ page: 1, perPage: 50 }));
    expect(keys.detail(4, ['b', 'a'])).toEqual(keys.detail(4, ['a', 'b']));
  });
});

describe('list requests', () => {
  it('turn a table state into the API query: page, perPage, sort, search, filter[...], related', () => {
    const query = {
      ...initialTableQuery({ id: 'name', desc: true }),
      pageIndex: 2,
      pageSize: 20,
      search: ' park ',
      filters: { is_active: 'false' },
    };
    const params = tableQueryToListParams(query, {
      filter: { company_id: '1' },
      related: ['district'],
    });
    expect(listQuery(params)).toEqual({
      page: 2,
      perPage: 20,
      sort: '-name',
      search: 'park',
      'filter[company_id]': '1',
      'filter[is_active]': 'false',
      related: 'district',
    });
  });

  it('start on the first page with 50 rows (SPEC.md section 9) and the declared sort', () => {
    const query = initialTableQuery(parseSort('-created_at'));
    expect(query).toMatchObject({
      pageIndex: 0,
      pageSize: 50,
      sort: { id: 'created_at', desc: true },
    });
    expect(parseSort(undefined)).toBeNull();
  });
});

describe('save outcomes', () => {
  const withBody = (body: unknown, status = 400) =>
    new ApiError(status, 'Network Error!', {}, body);

  it("shows the server's failure message first and the resource's fallback second", () => {
    expect(failureMessage(withBody({ message: 'Name is taken' }), 'District not added')).toBe(
      'Name is taken',
    );
    expect(failureMessage(withBody({ message: '' }), 'District not added')).toBe(
      'District not added',
    );
    expect(failureMessage(new ApiError(0, 'Network Error!'), 'Store not created')).toBe(
      'Store not created',
    );
    expect(failureMessage(new Error('boom'), 'Role not added')).toBe('Role not added');
  });

  it("shows the server's success message, else the resource's", () => {
    expect(successMessage({ message: 'District added' }, 'x')).toBe('District added');
    expect(successMessage({ message: '' }, 'District added')).toBe('District added');
  });

  it('redirects only when the reply reports success and carries data with an id', () => {
    expect(afterSaveTarget({ success: true, data: { id: 7 } }, '/districts')).toBe('/districts');
    expect(afterSaveTarget({ success: false, data: { id: 7 } }, '/districts')).toBeNull();
    expect(afterSaveTarget({ success: true, data: null }, '/districts')).toBeNull();
    expect(afterSaveTarget({ success: true, data: { id: '7' } }, '/districts')).toBeNull();
    expect(afterSaveTarget({ success: true, data: { id: 7 } }, undefined)).toBeNull();
  });

  it('recognises a role still held by users', () => {
    const held = withBody(
      { success: false, message: 'held', data: { user_exist_flag: true } },
      409,
    );
    expect(isUserExistConflict(held)).toBe(true);
    expect(isUserExistConflict(withBody({ message: 'x', data: null }, 409))).toBe(false);
  });
});

describe('form values', () => {
  const storeFields: FieldSpec[] = [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'unique_id', label: 'Store ID', kind: 'text' },
    { name: 'district_id', label: 'District', kind: 'reference' },
    { name: 'address', label: 'Address', kind: 'textarea' },
    { name: 'is_b2b', label: 'B2B', kind: 'switch' },
  ];

  it("start from each kind's empty value, the defaults, or the row being edited", () => {
    expect(initialFormValues(storeFields, 'create', undefined, { is_b2b: true })).toEqual({
      name: '',
      unique_id: '',
      district_id: '',
      address: '',
      is_b2b: true,
    });
    const row = {
      id: 3,
      name: 'Oak Park',
      unique_id: 'DE005',
      district_id: null,
      address: null,
      is_b2b: false,
    };
    expect(initialFormValues(storeFields, 'edit', row)).toEqual({
      name: 'Oak Park',
      unique_id: 'DE005',
      district_id: '',
      address: '',
      is_b2b: false,
    });
  });

  it('leave out fields of the other mode (a password is set only on create)', () => {
    const fields: FieldSpec[] = [
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'password', label: 'Password', kind: 'password', only: 'create' },
    ];
    expect(Object.keys(initialFormValues(fields, 'edit', { id: 1, email: 'a@b.c' }))).toEqual([
      'email',
    ]);
  });

  it('send empty boxes as null where the field takes null, else leave optional ones out', () => {
    const values = { name: 'Oak Park', unique_id: '', district_id: '', address: '', is_b2b: false };
    expect(normalizeFormValues(values, storeFields, stores.create)).toEqual({
      name: 'Oak Park',
      district_id: null,
      address: null,
      is_b2b: false,
    });
  });

  it('keep an emptied required field empty on edit, so the schema reports it', () => {
    const values = { name: '', region_id: 2 };
    const fields: FieldSpec[] = [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'region_id', label: 'Region', kind: 'reference' },
    ];
    expect(normalizeFormValues(values, fields, districts.update, districts.create)).toEqual({
      name: '',
      region_id: 2,
    });
    expect(districts.update.safeParse({ name: '' }).success).toBe(false);
  });

  it('turn number boxes into numbers', () => {
    const fields: FieldSpec[] = [{ name: 'order', label: 'Order', kind: 'number' }];
    expect(normalizeFormValues({ order: '12' }, fields, { shape: {} })).toEqual({ order: 12 });
  });

  it('mark as required what a new row cannot do without', () => {
    expect(isRequired(users.create, 'email')).toBe(true);
    expect(isRequired(users.create, 'password')).toBe(true);
    expect(isRequired(users.create, 'current_store')).toBe(false);
    expect(isRequired(stores.create, 'unique_id')).toBe(false);
  });

  it("put the server's field errors on their fields and keep the rest for the form", () => {
    expect(
      splitServerErrors(
        new ApiError(400, 'Invalid', {
          name: ['Name is required'],
          'permission_group_ids.0': ['Unknown group'],
          company: ['Bad'],
        }),
        ['name', 'permission_group_ids'],
      ),
    ).toEqual({
      onFields: [
        ['name', 'Name is required'],
        ['permission_group_ids', 'Unknown group'],
      ],
      other: ['company: Bad'],
    });
  });

  it("put a list row's field error on that field when the form has it", () => {
    const has = (path: string) => ['questions.0.answer', 'questions.1.choices'].includes(path);
    expect(
      splitServerErrors(
        new ApiError(400, 'Invalid', {
          questions: ['Add one to three check questions'],
          'questions.0.answer': ['Choose the right answer among the choices'],
          'questions.1.choices.2': ['Too long'],
          'questions.2.question': ['Question is required'],
        }),
        ['questions'],
        has,
      ).onFields,
    ).toEqual([
      ['questions', 'Add one to three check questions'],
      ['questions.0.answer', 'Choose the right answer among the choices'],
      ['questions.1.choices', 'Too long'],
      ['questions', 'Question is required'],
    ]);
  });
});

describe('route ids', () => {
  it('fill :id and accept only positive whole numbers', () => {
    expect(withId('/stores/edit/:id', 12)).toBe('/stores/edit/12');
    expect(parseRouteId('12')).toBe(12);
    for (const bad of ['0', '-1', 'abc', '1.5', undefined, ''])
      expect(parseRouteId(bad)).toBeNull();
  });
});
