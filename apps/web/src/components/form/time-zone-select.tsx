import { Select, type SelectProps } from '@mantine/core';
import { timeZoneOptions } from '../../lib/time-zones';

type TimeZoneSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  onChange: (zone: string) => void;
  /** A zone listed among the common ones even when it is not one of iPos's countries' (the saved one). */
  keep?: string;
};

/** "Time zone": every zone of the runtime, searchable, iPos's countries first; never empty. */
export function TimeZoneSelect({ value, onChange, keep = value, ...props }: TimeZoneSelectProps) {
  return (
    <Select
      label="Time zone"
      data={timeZoneOptions(keep)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No such time zone"
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      {...props}
    />
  );
}
