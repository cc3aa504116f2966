import { z } from 'zod';
import { hexColor } from '../lib/text.js';

export const CategorySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    color: z.string().meta({ description: 'Hex colour, e.g. #16A34A.' }),
    isDefault: z.boolean().meta({ description: 'A global category of the starter library (read-only).' }),
    questionCount: z
      .number()
      .int()
      .meta({ description: 'Active questions of this category visible to the professional.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Category', description: 'A question category (own or default).' });

export const CategoryListSchema = z.array(CategorySchema).meta({ id: 'CategoryList' });

export const CreateCategoryBody = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome.').max(80),
    color: hexColor(),
  })
  .strict();

export const UpdateCategoryBody = CreateCategoryBody.partial().strict();

export const IdParams = z.object({ id: z.uuid() });
