-- The numbers routing to each agent, as the numbers service announces them on numbers.events (number.bound,
-- number.unbound). A projection for reads only: whether an agent may be deleted is asked of the numbers service.
CREATE TABLE agent_phone_numbers (
    org_id          uuid NOT NULL,
    agent_id        uuid NOT NULL,
    phone_number_id uuid NOT NULL,
    phone_number    text NOT NULL,
    bound_at        timestamptz NOT NULL,
    PRIMARY KEY (agent_id, phone_number_id)
);
