import Testing
@testable import ShopfloorExperiment

/// How figures are written in the text and HTML tables.
struct FiguresTests {
    @Test func intervalsKeepTheDigitsTheHalfWidthSupports() {
        #expect(Figures.interval(mean: 3.10437, halfWidth: 0.0612) == "3.104 ± 0.061")
        #expect(Figures.interval(mean: 3104.37, halfWidth: 12.3) == "3104 ± 12")
        #expect(Figures.interval(mean: 20000, halfWidth: 0) == "20000 ± 0")
        #expect(Figures.interval(mean: 2.5, halfWidth: .nan) == "2.5")
        #expect(Figures.interval(mean: .nan, halfWidth: .nan) == "–")
        #expect(Figures.interval(mean: -0.0001, halfWidth: 0.05) == "0.000 ± 0.050")
    }

    /// Beyond nine decimals or past 10¹⁵, exponent form: a half-width of 3e-12 read `± 0.000000000` (as if there were
    /// no spread), and a mean of 1e300 printed 301 digits that broke the table.
    @Test func tinyAndHugeIntervals_takeTheExponentForm() {
        #expect(Figures.interval(mean: 3.10437e-12, halfWidth: 6.12e-14) == "3.104e-12 ± 6.1e-14")
        #expect(Figures.interval(mean: 0, halfWidth: 3e-12) == "0.0e+00 ± 3.0e-12")
        #expect(Figures.interval(mean: 1.151e305, halfWidth: 1e306) == "1e+305 ± 1.0e+306")
        #expect(Figures.interval(mean: 2.5e15, halfWidth: 1.23e13) == "2.500e+15 ± 1.2e+13")
        #expect(Figures.interval(mean: 4.2, halfWidth: 1.5e-8) == "4.200000000 ± 0.000000015")
        #expect(Figures.interval(mean: 0.1, halfWidth: 2e-10) == "1.0000000000e-01 ± 2.0e-10")
    }

    @Test func valuesWithoutBinaryNoise() {
        #expect(Figures.value(.number(1.8000000000000003)) == "1.8")
        #expect(Figures.value(.number(3)) == "3")
        #expect(Figures.value(.string("fifo")) == "fifo")
        #expect(Figures.pValue(0.00002) == "p<0.001")
        #expect(Figures.pValue(0.04213) == "p=0.042")
        #expect(Figures.percent(0.95) == "95 %")
    }

    @Test func ticksAreRound() {
        let ticks = IntervalChart.ticks(low: 0.13, high: 0.92)
        #expect(ticks.map(Figures.significant) == ["0", "0.2", "0.4", "0.6", "0.8", "1"])
        #expect(IntervalChart.ticks(low: 5, high: 5).count >= 2)
    }
}
