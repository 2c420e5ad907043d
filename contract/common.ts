import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDate = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A name a person types: trimmed by the service, at most 200 characters. */
export const Name = Type.String({ maxLength: 200 });

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  }),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type IdParams = Static<typeof IdParams>;

export const Success = Type.Object({ success: Type.Boolean() });
