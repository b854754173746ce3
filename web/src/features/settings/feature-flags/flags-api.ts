import { LOCAL_FLAG_REFUSAL, LOCAL_FLAG_SOURCE } from '../../../../../common/feature-flags.js';
import { db } from '../../../api/index.js';

/** A row of the properties table (spec 3 §3). */
export interface FeatureFlag {
  name: string;
  value: string;
  description: string | null;
  /** 'local' rows come from the server's FEATURE_FLAGS setting and cannot be changed here. */
  source: string;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface FeatureFlagValues {
  name: string;
  value: string;
  description: string;
}

/** Spec 3 §5 and §8. */
export const FLAG_MESSAGES = {
  missingDetails: 'please provide all details',
  local: LOCAL_FLAG_REFUSAL,
  added: 'Feature flag added successfully',
  updated: 'Feature flag updated successfully',
  removed: 'Feature flag removed successfully',
} as const;

export const FLAGS_KEY = 'properties?order=name.asc';

export const isLocalFlag = (flag: FeatureFlag) => flag.source === LOCAL_FLAG_SOURCE;

/** Name and value are required (spec 3 §5); blanks do not count. */
export const hasAllDetails = ({ name, value }: FeatureFlagValues) =>
  name.trim() !== '' && value.trim() !== '';

export const listFlags = () =>
  db
    .from('properties')
    .select('*')
    .order('name', { ascending: true })
    .overrideTypes<FeatureFlag[], { merge: false }>();

export async function addFlag(
  { name, value, description }: FeatureFlagValues,
  createdBy: string | null,
): Promise<void> {
  await db
    .from('properties')
    .insert({ name: name.trim(), value: value.trim(), description, created_by: createdBy })
    .throwOnError();
}

export async function updateFlag({ name, value, description }: FeatureFlagValues): Promise<void> {
  await db.from('properties').update({ value: value.trim(), description }).eq('name', name).throwOnError();
}

export async function deleteFlag(name: string): Promise<void> {
  await db.from('properties').delete().eq('name', name).throwOnError();
}
