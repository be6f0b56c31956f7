import type { ReactNode } from 'react';
import { type Path, pathName, valueAt } from './content-path';
import { labelOf, placeOf } from './field-labels';
import { useContentForm } from './form-context';
import { ListField } from './list-field';
import { PhotoField, type PhotoValue } from './photo-field';
import type { SchemaNode } from './schema-node';
import { BooleanField, ChoiceField, FieldMessage, ParagraphsField, TextField } from './text-fields';

/** Keys never edited: the anchors other pages link to (a service's, a legal paragraph's). */
const FIXED_KEYS = new Set(['id']);

interface SchemaFieldProps {
  node: SchemaNode;
  path: Path;
  label: string;
  value: unknown;
}

/** A group of fields under its legend (an object's, a list item's). */
export function Group({ legend, children, id }: { legend: ReactNode; children: ReactNode; id?: string }) {
  return (
    <fieldset id={id} className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-ink">{legend}</legend>
      <div className="space-y-4">{children}</div>
    </fieldset>
  );
}

/** An object's fields, each labelled from the table (field-labels.ts), in the schema's order. */
export function ObjectFields({ node, path, value }: { node: SchemaNode; path: Path; value: unknown }) {
  const form = useContentForm();
  if (node.kind !== 'object') return null;
  return (
    <>
      {node.fields
        .filter(([key, field]) => !FIXED_KEYS.has(key) && field.kind !== 'literal')
        .map(([key, field]) => (
          <SchemaField
            key={key}
            node={field}
            path={[...path, key]}
            label={labelOf(placeOf(form.page, [...path, key]), key)}
            value={valueAt(value, [key])}
          />
        ))}
    </>
  );
}

/** A block of variants: which kind it is (a choice that starts it again), then that kind's fields. */
function VariantsField({ node, path, label, value }: SchemaFieldProps) {
  const form = useContentForm();
  if (node.kind !== 'variants') return null;
  const tag = String(valueAt(value, [node.by]) ?? '');
  const chosen = node.options.find((option) => option.value === tag) ?? node.options[0];
  return (
    <div className="space-y-4">
      <ChoiceField
        path={[...path, node.by]}
        label={`${label}: kind`}
        value={chosen?.value}
        values={node.options.map((option) => option.value)}
      />
      {chosen && <ObjectFields node={chosen.node} path={path} value={value} />}
      <FieldMessage id={`${pathName(path)}-error`} message={form.messages[pathName(path)]} />
    </div>
  );
}

/** The field for a part of the schema: the renderer walks the page's schema with this. */
export function SchemaField({ node, path, label, value }: SchemaFieldProps) {
  const form = useContentForm();
  switch (node.kind) {
    case 'object':
      return (
        <Group legend={label}>
          <ObjectFields node={node} path={path} value={value} />
        </Group>
      );
    case 'list':
      return (
        <ListField
          node={node}
          path={path}
          label={label}
          value={value}
          renderItem={(itemPath, item, title) =>
            node.item.kind === 'object' ? (
              <ObjectFields node={node.item} path={itemPath} value={item} />
            ) : (
              <SchemaField node={node.item} path={itemPath} label={title} value={item} />
            )
          }
        />
      );
    case 'paragraphs':
      return <ParagraphsField path={path} label={label} value={value} />;
    case 'text':
      return <TextField path={path} label={label} value={value} multiline={node.multiline} />;
    case 'choice':
      return <ChoiceField path={path} label={label} value={value} values={node.values} />;
    case 'boolean':
      return <BooleanField path={path} label={label} value={value} />;
    case 'variants':
      return <VariantsField node={node} path={path} label={label} value={value} />;
    case 'optional':
      if (path.at(-1) === 'photo')
        return (
          <PhotoField
            value={value as PhotoValue | undefined}
            onChange={(next) => form.change(path, next)}
            errors={form.messages}
            path={pathName(path)}
          />
        );
      return value === undefined ? null : (
        <SchemaField node={node.inner} path={path} label={label} value={value} />
      );
    default:
      return null;
  }
}
