no-tickets = I cannot find the tickets of this purchase at the service yet. Please try again in a moment.
valid-on = Valid on { $date }
valid-from-to = Valid from { $from } to { $to }
