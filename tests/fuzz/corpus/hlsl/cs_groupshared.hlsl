struct Cell { float3 p; uint k[2]; };
RWByteAddressBuffer totals;
RWStructuredBuffer<float4> cells;
groupshared uint count;
groupshared uint partial[64];
groupshared Cell grid[32];
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint t : SV_GroupIndex)
{
    if (t == 0) count = 0;
    partial[t] = id.x;
    GroupMemoryBarrierWithGroupSync();
    [loop] for (uint s = 32; s > 0; s >>= 1) {
        if (t < s) partial[t] += partial[t + s];
        GroupMemoryBarrierWithGroupSync();
    }
    uint before;
    InterlockedAdd(count, 1, before);
    grid[t & 31].p.zx = float2(t, before);
    grid[t & 31].k[t & 1] = partial[0];
    InterlockedMax(grid[t & 31].k[1], t);
    AllMemoryBarrierWithGroupSync();
    Cell c = grid[31 - (t & 31)];
    cells[id.x] = float4(c.p, c.k[0] + c.k[1]);
    totals.InterlockedAdd(0, count);
}
