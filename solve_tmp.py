import random, time
from rules import registry
from players.endgame import solve, clone_match, EndgameLimits
for name, n in [("thunee",4),("304",4),("nigerian_thunee",4),("thunee",6),("304",6),("thunee",2)]:
    spec = registry.get(name)
    for seed in range(6):
        m = spec.new_match(n, seed=seed)
        rng = random.Random(seed)
        h0 = len(m.hand_results)
        done=False
        while not m.is_over and len(m.hand_results)==h0:
            seats = sorted(m.to_act)
            seat = seats[0]
            if m.phase=="play" and sum(m.public_view()["table"]["hand_sizes"])<=16 and len(seats)==1:
                snap = m.snapshot()
                t=time.process_time()
                sol = solve(m)
                dt=time.process_time()-t
                assert m.snapshot()==snap
                print(name,n,seed,"left",sum(m.public_view()["table"]["hand_sizes"]), sol and (sol.value, sol.moves, sol.nodes), f"{dt*1000:.0f}ms cpu")
                break
            legal = [a for a in m.legal_actions(seat) if a.kind not in ("call","caps","double")] or m.legal_actions(seat)
            m.apply(seat, rng.choice(legal))
