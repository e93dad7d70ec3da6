sale-under-way = Die Zahlung dieser Bestellung läuft möglicherweise schon, deshalb ändere ich sie nicht. Wählen Sie „Bestätigen und bezahlen“, um den Stand zu sehen.
unknown-outcome = Der Buchungsservice hat den Vorgang nicht bestätigt. Es wurde nichts berechnet: Bitte versuchen Sie es gleich noch einmal.
