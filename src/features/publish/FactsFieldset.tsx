/**
 * «Datos de la herramienta» in the publication form: Spanish support, free plan, price from, platforms, open source
 * and licence, company and country, launch year and sign-up (src/lib/tool-facts.ts). Every fact is optional and
 * starts as «Sin confirmar»; the server validates them again and decides whether they count as checked.
 */
import { useId, useMemo } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { countryOptions } from '../../lib/countries.ts';
import {
  answerLabel,
  factAnswers,
  MAX_COMPANY_LENGTH,
  MAX_LICENSE_LENGTH,
  platformLabel,
  platforms,
  priceCurrencies,
  pricePeriodLabel,
  pricePeriods,
  type FactAnswer,
  type FreePlan,
} from '../../lib/tool-facts.ts';
import type { FactsDraft } from './facts-draft.ts';

/** The form's error keys of the facts, in the order the fieldset shows them (the form focuses the first). */
export const FACT_ERROR_FIELDS = ['facts.priceFrom.amount', 'facts.license', 'facts.company', 'facts.country', 'facts.launchYear'];

const freePlanOptions: { value: FreePlan; label: string }[] = [
  { value: 'unknown', label: 'Sin confirmar' },
  { value: 'yes', label: 'Sí' },
  { value: 'trial', label: 'Prueba gratuita' },
  { value: 'no', label: 'No' },
];
const currencyLabel = { EUR: 'Euros (€)', USD: 'Dólares (US$)', GBP: 'Libras (£)' } as const;
// «Sin confirmar» first: it is every fact's starting value.
const answers: FactAnswer[] = ['unknown', ...factAnswers.filter((answer) => answer !== 'unknown')];

interface Props {
  value: FactsDraft;
  onChange: (patch: Partial<FactsDraft>) => void;
  errors: Record<string, string>;
  /** Who is saving: an admin's save checks the facts, an author's facts wait for review. */
  admin: boolean;
  /** ISO date of the last check of the stored facts, if any. */
  checkedAt: string | null;
}

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';
const fieldClass =
  'block w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600';
const groupClass = 'min-w-0';
const legendClass = 'mb-2 text-base font-semibold text-slate-900';

export function FactsFieldset({ value, onChange, errors, admin, checkedAt }: Props) {
  const id = useId();
  const countries = useMemo(() => countryOptions(), []);
  const field = (key: string, hasError: boolean) => ({
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': hasError ? `${id}-${key}-error` : undefined,
    className: `${fieldClass} ${hasError ? 'border-red-600' : 'border-slate-300'}`,
  });
  const error = (key: string, errorKey: string) =>
    errors[errorKey] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[errorKey]}
      </p>
    ) : null;
  const answerSelect = (key: 'spanishInterface' | 'spanishOutput' | 'spanishVoice' | 'openSource' | 'signupRequired', label: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        name={`facts.${key}`}
        value={value[key]}
        onChange={(event) => onChange({ [key]: event.target.value as FactAnswer })}
        className={`${fieldClass} border-slate-300`}
      >
        {answers.map((answer) => (
          <option key={answer} value={answer}>
            {answerLabel[answer]}
          </option>
        ))}
      </select>
    </div>
  );
  const checkedDate = checkedAt
    ? new Date(checkedAt).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' })
    : null;

  return (
    <Card as="section" data-field="facts">
      <fieldset className="min-w-0">
        <legend className="text-lg font-semibold text-slate-900">Datos de la herramienta</legend>
        <p className="mt-1 text-sm text-slate-600">
          Opcionales: deja «Sin confirmar» lo que no sepas seguro.{' '}
          {admin ? 'Al guardar, quedan comprobados por ti con la fecha de hoy.' : 'Los revisaremos antes de mostrarlos como comprobados.'}
          {checkedDate ? ` Última comprobación: ${checkedDate}.` : ''}
        </p>

        <div className="mt-4 flex flex-col gap-6">
          <fieldset className={groupClass}>
            <legend className={legendClass}>En español</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {answerSelect('spanishInterface', 'Interfaz')}
              {answerSelect('spanishOutput', 'Respuestas')}
              {answerSelect('spanishVoice', 'Voz')}
            </div>
          </fieldset>

          <fieldset className={groupClass}>
            <legend className={legendClass}>Precio</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={`${id}-freePlan`} className={labelClass}>
                  Plan gratuito
                </label>
                <select
                  id={`${id}-freePlan`}
                  name="facts.freePlan"
                  value={value.freePlan}
                  onChange={(event) => onChange({ freePlan: event.target.value as FreePlan })}
                  className={`${fieldClass} border-slate-300`}
                >
                  {freePlanOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div data-field="facts.priceFrom.amount">
                <label htmlFor={`${id}-priceAmount`} className={labelClass}>
                  Precio desde (importe)
                </label>
                <input
                  id={`${id}-priceAmount`}
                  name="facts.priceFrom.amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="Vacío: sin confirmar"
                  value={value.priceAmount}
                  onChange={(event) => onChange({ priceAmount: event.target.value })}
                  {...field('priceAmount', Boolean(errors['facts.priceFrom.amount']))}
                />
                {error('priceAmount', 'facts.priceFrom.amount')}
              </div>
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor={`${id}-priceCurrency`} className={labelClass}>
                    Moneda
                  </label>
                  <select
                    id={`${id}-priceCurrency`}
                    name="facts.priceFrom.currency"
                    value={value.priceCurrency}
                    onChange={(event) => onChange({ priceCurrency: event.target.value as FactsDraft['priceCurrency'] })}
                    className={`${fieldClass} border-slate-300`}
                  >
                    {priceCurrencies.map((currency) => (
                      <option key={currency} value={currency}>
                        {currencyLabel[currency]}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={`${id}-pricePeriod`} className={labelClass}>
                    Periodo
                  </label>
                  <select
                    id={`${id}-pricePeriod`}
                    name="facts.priceFrom.period"
                    value={value.pricePeriod}
                    onChange={(event) => onChange({ pricePeriod: event.target.value as FactsDraft['pricePeriod'] })}
                    className={`${fieldClass} border-slate-300`}
                  >
                    {pricePeriods.map((period) => (
                      <option key={period} value={period}>
                        {pricePeriodLabel[period]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </div>
          </fieldset>

          <fieldset className={groupClass}>
            <legend className={legendClass}>Plataformas</legend>
            <ul className="grid gap-2 sm:grid-cols-3">
              {platforms.map((platform) => (
                <li key={platform}>
                  <label className="flex items-center gap-3 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      name="facts.platforms"
                      value={platform}
                      checked={value.platforms.includes(platform)}
                      onChange={(event) =>
                        onChange({
                          platforms: event.target.checked ? [...value.platforms, platform] : value.platforms.filter((chosen) => chosen !== platform),
                        })
                      }
                      className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
                    />
                    {platformLabel[platform]}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            {answerSelect('openSource', 'Código abierto')}
            <div data-field="facts.license">
              <label htmlFor={`${id}-license`} className={labelClass}>
                Licencia
              </label>
              <input
                id={`${id}-license`}
                name="facts.license"
                autoComplete="off"
                maxLength={MAX_LICENSE_LENGTH}
                placeholder="Por ejemplo MIT o Apache-2.0"
                value={value.license}
                onChange={(event) => onChange({ license: event.target.value })}
                {...field('license', Boolean(errors['facts.license']))}
              />
              {error('license', 'facts.license')}
            </div>
            <div data-field="facts.company">
              <label htmlFor={`${id}-company`} className={labelClass}>
                Empresa
              </label>
              <input
                id={`${id}-company`}
                name="facts.company"
                autoComplete="off"
                maxLength={MAX_COMPANY_LENGTH}
                placeholder="Quién la desarrolla"
                value={value.company}
                onChange={(event) => onChange({ company: event.target.value })}
                {...field('company', Boolean(errors['facts.company']))}
              />
              {error('company', 'facts.company')}
            </div>
            <div data-field="facts.country">
              <label htmlFor={`${id}-country`} className={labelClass}>
                País de la empresa
              </label>
              <select
                id={`${id}-country`}
                name="facts.country"
                value={value.country}
                onChange={(event) => onChange({ country: event.target.value })}
                {...field('country', Boolean(errors['facts.country']))}
              >
                <option value="">Sin confirmar</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
              {error('country', 'facts.country')}
            </div>
            <div data-field="facts.launchYear">
              <label htmlFor={`${id}-launchYear`} className={labelClass}>
                Año de lanzamiento
              </label>
              <input
                id={`${id}-launchYear`}
                name="facts.launchYear"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                placeholder="Vacío: sin confirmar"
                value={value.launchYear}
                onChange={(event) => onChange({ launchYear: event.target.value })}
                {...field('launchYear', Boolean(errors['facts.launchYear']))}
              />
              {error('launchYear', 'facts.launchYear')}
            </div>
            {answerSelect('signupRequired', 'Requiere registro')}
          </div>
        </div>
      </fieldset>
    </Card>
  );
}
