import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCourseSchema, editCourseSchema, type EditCourse } from '../../../shared/schemas/courses';
import { renderWithProviders } from '../../testing/render';
import { CourseForm } from './course-form';
import { courseFormErrorsFromServer, courseFormFrom, emptyCourseForm, useCourseForm } from './use-course-form';

const course = {
  title: 'React desde cero',
  imageUrl: null,
  teacherName: 'Laura Martínez',
  description: 'Componentes, hooks y rutas.',
  durationHours: 10,
  priceCents: 1999,
  language: 'spanish',
  level: 'medium',
  categoryId: 1,
  subcategoryId: 11,
} as const;

const categories = [
  { id: 1, name: 'Programación', subcategories: [{ id: 11, name: 'Python' }] },
  { id: 2, name: 'Diseño', subcategories: [{ id: 21, name: 'Figma' }] },
];

function EditForm({ onSave, serverFields }: { onSave: (changes: EditCourse) => void; serverFields?: Record<string, string[]> }) {
  const form = useCourseForm(editCourseSchema.required(), courseFormFrom(course));
  return (
    <CourseForm form={form} onSubmit={form.onSubmit(onSave)} label="Editar curso">
      <Button type="submit">Guardar</Button>
      {serverFields ? <Button onClick={() => form.setErrors(courseFormErrorsFromServer(serverFields))}>Respuesta</Button> : null}
    </CourseForm>
  );
}

function CreateForm() {
  const form = useCourseForm(createCourseSchema, emptyCourseForm('Laura Martínez'));
  return (
    <CourseForm form={form} onSubmit={form.onSubmit(() => undefined)} categories={categories} label="Crear curso">
      <Button type="submit">Crear</Button>
    </CourseForm>
  );
}

describe('CourseForm', () => {
  it('hands the shared schema’s output to the page: the price in cents, no image as null', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<EditForm onSave={onSave} />);
    const price = screen.getByRole('textbox', { name: /^Precio/ });
    expect(price).toHaveValue('19.99');
    await user.clear(price);
    await user.type(price, '25.5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ priceCents: 2550, imageUrl: null, title: 'React desde cero', level: 'medium' }), expect.anything());
  });

  it('shows the course’s computed hours read-only and never sends them', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<EditForm onSave={onSave} />);
    const hours = screen.getByRole('textbox', { name: /^Horas/ });
    expect(hours).toHaveValue('10');
    expect(hours).toHaveAttribute('readonly');
    expect(hours).toHaveAccessibleDescription('Se calcula con la duración de las lecciones');
    await user.type(hours, '99');
    expect(hours).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onSave.mock.calls[0]![0]).not.toHaveProperty('durationHours');
  });

  it('links a field’s translated error to its input once the field is left, and a change clears it', async () => {
    const { user } = renderWithProviders(<EditForm onSave={vi.fn()} />);
    const title = screen.getByRole('textbox', { name: /^Título/ });
    await user.clear(title);
    expect(screen.queryByText('Debe ingresar un título')).not.toBeInTheDocument();
    await user.tab();
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Debe ingresar un título'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await user.type(title, 'Java');
    expect(screen.queryByText('Debe ingresar un título')).not.toBeInTheDocument();
  });

  it('shows the server’s field errors under their inputs, the price’s under the price in US$', async () => {
    const { user } = renderWithProviders(<EditForm onSave={vi.fn()} serverFields={{ priceCents: ['validation.priceRange'], imageUrl: ['validation.imageUrl'] }} />);
    await user.click(screen.getByRole('button', { name: 'Respuesta' }));
    expect(screen.getByRole('textbox', { name: /^Precio/ })).toHaveAccessibleDescription(expect.stringContaining('El precio debe estar entre 0 y 100 US$'));
    expect(screen.getByRole('textbox', { name: /^Imagen/ })).toHaveAccessibleDescription(expect.stringContaining('Ingresa una URL de imagen válida (http o https)'));
  });

  it('leaves the description’s counter uncoloured until something is typed, and red only while the length is out of range', async () => {
    const { user } = renderWithProviders(<CreateForm />);
    const description = screen.getByRole('textbox', { name: /^Descripción/ });
    const counter = () => screen.getByText(/^\d+ \/ 200 caracteres$/);
    const isRed = () => (counter().getAttribute('style') ?? '').includes('red');
    expect(counter()).toHaveTextContent('0 / 200 caracteres');
    expect(isRed()).toBe(false);
    await user.type(description, 'Corto');
    expect(counter()).toHaveTextContent('5 / 200 caracteres');
    expect(isRed()).toBe(true);
    await user.type(description, ' pero ya suficiente');
    expect(isRed()).toBe(false);
  });

  it('puts every hint under its input, so the inputs of a row line up', () => {
    renderWithProviders(<CreateForm />);
    // In a row of two, a hint above one input would push it below its neighbour.
    for (const name of [/^Descripción/, /^Horas/, /^Precio/]) {
      const input = screen.getByRole('textbox', { name });
      const hint = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
      expect(input.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING, String(name)).toBeTruthy();
    }
    // And the pairs that share a row.
    for (const [left, right] of [[/^Categoría/, /^Subcategoría/], [/^Idioma/, /^Nivel/]] as const) {
      const row = screen.getByRole('combobox', { name: left }).closest('.mantine-SimpleGrid-root');
      expect(row).not.toBeNull();
      expect(row).toContainElement(screen.getByRole('combobox', { name: right }));
    }
    const hours = screen.getByRole('textbox', { name: /^Horas/ });
    expect(hours.closest('.mantine-SimpleGrid-root')).toContainElement(screen.getByRole('textbox', { name: /^Precio/ }));
  });

  it('empties the subcategory when another category is chosen', async () => {
    const { user } = renderWithProviders(<CreateForm />);
    expect(screen.getByRole('textbox', { name: /^Nombre del profesor/ })).toHaveValue('Laura Martínez');
    await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
    await user.click(await screen.findByRole('option', { name: 'Programación' }));
    await user.click(screen.getByRole('combobox', { name: /^Subcategoría/ }));
    await user.click(await screen.findByRole('option', { name: 'Python' }));
    expect(screen.getByRole('combobox', { name: /^Subcategoría/ })).toHaveValue('Python');
    await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
    await user.click(await screen.findByRole('option', { name: 'Diseño' }));
    expect(screen.getByRole('combobox', { name: /^Subcategoría/ })).toHaveValue('');
  });
});
