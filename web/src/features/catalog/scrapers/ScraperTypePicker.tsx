import { useId } from 'react';
import {
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  Gallery,
  Modal,
  ModalBody,
  ModalHeader,
} from '@patternfly/react-core';
import { ConfigTypeIcon } from '../relationships/ConfigTypeIcon.js';
import { SCRAPER_TYPES, type ScraperType } from './scraper-types.js';

export interface ScraperTypePickerProps {
  onPick: (type: ScraperType) => void;
  onClose: () => void;
}

/** 'Add Catalog Scraper': the scraper types as tiles, sorted by label (spec 3 §2.3). */
export function ScraperTypePicker({ onPick, onClose }: ScraperTypePickerProps) {
  const titleId = useId();
  return (
    <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader
        title="Add Catalog Scraper"
        labelId={titleId}
        description="Choose what the scraper reads."
      />
      <ModalBody>
        <Gallery hasGutter minWidths={{ default: '200px' }} role="list" aria-label="Scraper types">
          {SCRAPER_TYPES.map((type) => {
            const cardId = `scraper-type-${type.id}`;
            return (
              <Card key={type.id} id={cardId} isClickable isCompact role="listitem">
                <CardHeader
                  selectableActions={{
                    onClickAction: () => onPick(type),
                    selectableActionAriaLabelledby: `${cardId}-title`,
                  }}
                >
                  <CardTitle id={`${cardId}-title`} component="h3">
                    <ConfigTypeIcon type={type.label} /> {type.label}
                  </CardTitle>
                </CardHeader>
                <CardBody>{type.description}</CardBody>
              </Card>
            );
          })}
        </Gallery>
      </ModalBody>
    </Modal>
  );
}
