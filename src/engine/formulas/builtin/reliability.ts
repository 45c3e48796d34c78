// Reliability and site-reliability formulas (ucon's "sre" domain). Counts of failures, repairs and
// requests may be bare numbers ({"value": 4}) or count units (ea, evt, req); ratios such as an SLO
// are dimensionless: 99.9 % or 0.999.
import * as Formula from "../Formula.ts"

export const slo = { dimension: "dimensionless", description: "Availability objective (SLO)", example: { value: 99.9, unit: "%" } } as const

export const reliability: ReadonlyArray<Formula.Formula> = [
  Formula.make({
    name: "availability",
    domain: "reliability",
    description: "Steady-state (inherent) availability from mean time between failures and mean time to repair",
    equation: "A = MTBF / (MTBF + MTTR)",
    source: "Ebeling CE. An Introduction to Reliability and Maintainability Engineering, 2nd ed., §9.2",
    parameters: {
      mtbf: { dimension: "time", description: "Mean time between failures", example: { value: 1000, unit: "h" } },
      mttr: { dimension: "time", description: "Mean time to repair", example: { value: 1, unit: "h" } }
    },
    output: { unit: "%", description: "Availability" },
    compute: ({ mtbf, mttr }) => mtbf / (mtbf + mttr)
  }),
  Formula.make({
    name: "error_budget_remaining",
    domain: "reliability",
    description: "Share of the error budget left, given the SLO and the availability measured over the window (negative: overspent)",
    equation: "remaining = 1 − (1 − measured) / (1 − SLO)",
    source: "Beyer B et al. The Site Reliability Workbook (O'Reilly 2018), ch. 2",
    parameters: {
      slo,
      measured_availability: {
        dimension: "dimensionless",
        description: "Availability (good events / valid events) measured over the SLO window",
        example: { value: 99.95, unit: "%" }
      }
    },
    output: { unit: "%", description: "Error budget remaining" },
    compute: ({ slo, measured_availability }) => {
      if (!(slo < 1)) return Formula.outOfDomain(`an SLO of ${slo * 100} % leaves no error budget`)
      return 1 - (1 - measured_availability) / (1 - slo)
    }
  }),
  Formula.make({
    name: "allowed_downtime",
    domain: "reliability",
    description: "Downtime an availability objective allows over a period",
    equation: "downtime = (1 − SLO) × period",
    source: "Beyer B et al. Site Reliability Engineering (O'Reilly 2016), ch. 3",
    parameters: {
      slo,
      period: { dimension: "time", description: "Period of the objective", example: { value: 30, unit: "d" } }
    },
    output: { unit: "min", description: "Allowed downtime" },
    compute: ({ slo, period }) => (1 - slo) * period
  }),
  Formula.make({
    name: "mtbf",
    domain: "reliability",
    description: "Mean time between failures from total operating time and the number of failures",
    equation: "MTBF = operating time / failures",
    source: "IEC 60050-192:2015, 192-05-13; Ebeling CE, §2.3",
    parameters: {
      operating_time: { dimension: "time", description: "Total operating time of the population", example: { value: 10000, unit: "h" } },
      failures: { dimension: "count", description: "Number of failures", example: { value: 4 } }
    },
    output: { unit: "h", description: "Mean time between failures" },
    compute: ({ operating_time, failures }) => operating_time / failures
  }),
  Formula.make({
    name: "mttr",
    domain: "reliability",
    description: "Mean time to repair (restore) from total repair time and the number of repairs",
    equation: "MTTR = total repair time / repairs",
    source: "IEC 60050-192:2015, 192-07-23; Ebeling CE, §9.1",
    parameters: {
      repair_time: { dimension: "time", description: "Total time spent restoring service", example: { value: 6, unit: "h" } },
      repairs: { dimension: "count", description: "Number of repairs or incidents", example: { value: 4 } }
    },
    output: { unit: "min", description: "Mean time to repair" },
    compute: ({ repair_time, repairs }) => repair_time / repairs
  }),
  Formula.make({
    name: "throughput",
    domain: "reliability",
    description: "Requests (or other events) handled per unit time",
    equation: "X = requests / duration",
    source: "Little's law context: Jain R. The Art of Computer Systems Performance Analysis (1991), §33.1",
    parameters: {
      requests: { dimension: "count", description: "Number of requests completed", example: { value: 1200000, unit: "req" } },
      duration: { dimension: "time", description: "Observation window", example: { value: 1, unit: "h" } }
    },
    output: { unit: "req/s", description: "Throughput" },
    compute: ({ requests, duration }) => requests / duration
  })
]
