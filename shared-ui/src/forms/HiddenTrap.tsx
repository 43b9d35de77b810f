import styled from 'styled-components';

// Off screen, out of the tab order and hidden from assistive technology: people leave it empty,
// form-filling bots do not (spec §3 'extraInfo', the spam trap).
const StyledTrap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

export function HiddenTrap({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <StyledTrap aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name="extraInfo"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </StyledTrap>
  );
}
